import type { FastifyInstance } from 'fastify';
import type { HeadEnd } from '../../integrations/head-end/port.ts';
import { PermanentJobError } from '../../platform/jobs/job-errors.ts';
import { inSpan } from '../../platform/tracing.ts';
import { SpanKind } from '@opentelemetry/api';
import { expireCommandJob, plannedSwitchJob, sendCommandJob } from './command-jobs.ts';
import type { CommandDeps } from './issue-command.ts';
import { loadControlRepository as repository } from './load-control-repository.ts';
import { runPlannedSwitch } from './plan-load.ts';
import { applyMeterAnswer, applyMeterState, settleCommand } from './resolve-command.ts';

/**
 * What power control does outside requests: the jobs that send and time out commands and run planned switches,
 * and the head-end's answers and states settling commands (docs/decisions/060-power-control.md).
 */
export function runLoadControl(app: FastifyInstance, deps: CommandDeps & { headEnd: HeadEnd }) {
  const { db, headEnd, now } = deps;

  app.jobs.handle(sendCommandJob, async ({ commandId }, context) => {
    const command = await repository.command(context.db, commandId);
    // Settled already (or past its deadline, which the expiry job settles): nothing to send.
    if (command?.status !== 'pending' || now() >= command.expiresAt) return;
    const meter = await repository.meterOfCommand(context.db, command);
    if (!meter) throw new PermanentJobError(`command ${commandId} has no meter any more`);
    const load = command.loadId ? await repository.loadById(context.db, command.loadId) : null;
    await inSpan(
      'meter command send',
      { kind: SpanKind.PRODUCER, attributes: { 'portal.meter_command.id': command.id, 'portal.meter_command.action': command.action } },
      () =>
        headEnd.send(
          { siteId: meter.siteId, gsrn: meter.gsrn },
          { commandId: command.id, action: command.action, relay: load?.relay, issuedAt: command.requestedAt.toISOString() },
          context.signal,
        ),
    );
    await context.transaction((tx) => repository.markSent(tx, command.id, now()));
    app.metrics.meterCommands.inc({ outcome: 'sent' });
  });

  app.jobs.handle(expireCommandJob, async ({ commandId }, context) => {
    const settled = await context.transaction(async (tx) => {
      const command = await repository.command(tx, commandId);
      if (command?.status !== 'pending') return null;
      const meter = await repository.meterOfCommand(tx, command);
      return settleCommand(tx, command, meter?.gsrn ?? '', { status: 'timed-out', reason: 'the meter did not answer in time', at: now() });
    });
    if (settled) app.metrics.meterCommands.inc({ outcome: settled.status });
  });

  app.jobs.handle(plannedSwitchJob, runPlannedSwitch(deps));

  const log = app.log.child({ component: 'head-end' });
  const stopAnswers = headEnd.onAnswer((answer) => {
    inSpan('meter answer', { root: true, kind: SpanKind.CONSUMER, attributes: { 'portal.meter_command.id': answer.commandId } }, () =>
      applyMeterAnswer(db, answer, now()),
    )
      .then(async (settled) => {
        // Every copy hears every answer; the one whose transaction settles the command counts it.
        if (settled) app.metrics.meterCommands.inc({ outcome: settled.status });
        await repository.touchMeter(db, answer.meter.siteId, answer.meter.gsrn, now());
      })
      .catch((error: unknown) => log.error({ err: error, commandId: answer.commandId }, 'meter answer not applied'));
  });
  const stopStates = headEnd.onState((state) => {
    applyMeterState(db, state, now()).catch((error: unknown) => log.error({ err: error, meter: state.meter }, 'meter state not applied'));
  });
  app.addHook('onClose', async () => {
    stopAnswers();
    stopStates();
  });
}
