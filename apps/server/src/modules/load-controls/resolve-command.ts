import type { MeterAnswer, MeterState } from '../../integrations/head-end/port.ts';
import type { Database, Transaction } from '../../platform/database.ts';
import { commandDetails } from './issue-command.ts';
import { loadControlRepository as repository, type CommandRow } from './load-control-repository.ts';

type Outcome = { status: 'confirmed' | 'failed' | 'timed-out'; reason: string | null; at: Date };

/**
 * A meter's answer (or the deadline) settles a pending command: its outcome, the state it changed and an audit
 * line with that outcome, in one transaction. Answers arrive at every server copy and may repeat (the `ack`
 * and the retained `state` both carry them); only the first to move the command from pending counts.
 */
export async function settleCommand(tx: Transaction, command: CommandRow, gsrn: string, outcome: Outcome): Promise<CommandRow | null> {
  const settled = await repository.resolveCommand(tx, command.id, outcome);
  if (!settled) return null;
  if (settled.status === 'confirmed') await applyEffect(tx, settled, outcome.at);
  await repository.audit(tx, {
    siteId: settled.siteId,
    personId: settled.requestedBy,
    customerId: settled.customerId,
    action: `load-control ${settled.action}`,
    outcome: settled.status,
    requestId: settled.requestId ?? settled.id,
    ipAddress: null,
    details: [commandDetails(settled, gsrn), settled.failureReason && `reason ${settled.failureReason}`].filter(Boolean).join('; '),
  });
  return settled;
}

async function applyEffect(tx: Transaction, command: CommandRow, at: Date): Promise<void> {
  switch (command.action) {
    case 'relay-on':
    case 'relay-off':
      if (command.loadId) await repository.setLoadState(tx, command.loadId, command.action === 'relay-on' ? 'on' : 'off', at);
      return;
    case 'connect':
    case 'disconnect':
      await repository.setConnection(tx, command, command.action === 'connect' ? 'connected' : 'disconnected', at);
      return;
    case 'han-open':
    case 'han-close':
      await repository.setHanPort(tx, command.meteringPointId, command.action === 'han-open' ? 'open' : 'closed', at);
      return;
    case 'read-now':
      return;
  }
}

/** An answer heard on the broker; answers to commands of another meter than the one that answers are ignored. */
export async function applyMeterAnswer(db: Database, answer: MeterAnswer, now: Date): Promise<CommandRow | null> {
  return db.transaction(async (tx) => {
    const command = await repository.command(tx, answer.commandId);
    if (!command || command.status !== 'pending' || command.siteId !== answer.meter.siteId) return null;
    const meter = await repository.meterByGsrn(tx, { siteId: command.siteId, customerId: command.customerId }, answer.meter.gsrn);
    if (meter?.meteringPointId !== command.meteringPointId) return null;
    // The meter's clock is not trusted beyond now: a settled time never lies in the future.
    const at = new Date(Math.min(Date.parse(answer.at) || now.getTime(), now.getTime()));
    return settleCommand(tx, command, answer.meter.gsrn, { status: answer.outcome, reason: answer.reason, at });
  });
}

/** A meter's retained state: it was heard from, and any answer the portal missed while away settles now. */
export async function applyMeterState(db: Database, state: MeterState, now: Date): Promise<number> {
  await repository.touchMeter(db, state.meter.siteId, state.meter.gsrn, now);
  let settled = 0;
  for (const answer of state.answers) {
    if (await applyMeterAnswer(db, { ...answer, meter: state.meter }, now)) settled += 1;
  }
  return settled;
}
