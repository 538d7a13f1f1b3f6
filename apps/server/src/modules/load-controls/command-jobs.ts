import { z } from 'zod';
import { relayState } from '@portal/schema/power';
import { defineJob } from '../../platform/jobs/job-type.ts';

/**
 * The jobs of power control (docs/decisions/015-job-runner.md, 060-power-control.md). A command is written and
 * these are enqueued in one transaction, so a command the portal accepted is sent and timed out even if the
 * copy that accepted it dies a moment later.
 */

/** Hands a pending command to the broker. Retried quickly: the command's own timeout bounds how long that is worth it. */
export const sendCommandJob = defineJob({
  kind: 'load-control.send-command',
  payload: z.object({ commandId: z.string() }),
  maxAttempts: 6,
  retry: { firstDelayMs: 2000, maxDelayMs: 10_000 },
  timeoutMs: 30_000,
});

/** At the command's deadline: still pending means the meter never answered. */
export const expireCommandJob = defineJob({
  kind: 'load-control.expire-command',
  payload: z.object({ commandId: z.string() }),
  timeoutMs: 30_000,
});

/** ★ One switch of a cheapest-hours plan at its hour: becomes a command like a person's. */
export const plannedSwitchJob = defineJob({
  kind: 'load-control.planned-switch',
  payload: z.object({ planId: z.string(), state: relayState, at: z.iso.datetime(), last: z.boolean() }),
  // A switch waits while another command for the load is pending; it is pointless an hour late.
  maxAttempts: 12,
  retry: { firstDelayMs: 5000, maxDelayMs: 5 * 60_000 },
  timeoutMs: 30_000,
});
