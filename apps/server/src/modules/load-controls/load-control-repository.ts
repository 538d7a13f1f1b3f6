import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { LoadCommand } from '@portal/schema/power';
import { contract, meteringPoint, spotPrice, supplyObject } from '../../db/schema/energy.ts';
import { auditLog } from '../../db/schema/identity.ts';
import { controllableLoad, loadCommand, loadPlan, meterControl } from '../../db/schema/power.ts';
import type { Executor, Transaction } from '../../platform/database.ts';
import type { CustomerScope } from '../../platform/actor.ts';

export type CommandRow = typeof loadCommand.$inferSelect;
export type LoadRow = typeof controllableLoad.$inferSelect;
export type PlanRow = typeof loadPlan.$inferSelect;

const meterColumns = {
  objectId: supplyObject.id,
  street: supplyObject.street,
  postalCode: supplyObject.postalCode,
  city: supplyObject.city,
  connectionStatus: supplyObject.connectionStatus,
  meteringPointId: meteringPoint.id,
  gsrn: meteringPoint.gsrn,
  biddingZone: meteringPoint.biddingZone,
  siteId: meterControl.siteId,
  customerId: meterControl.customerId,
  hanPort: meterControl.hanPort,
  hanPortChangedAt: meterControl.hanPortChangedAt,
  remoteSwitching: meterControl.remoteSwitching,
  connectionChangedAt: meterControl.connectionChangedAt,
  lastSeenAt: meterControl.lastSeenAt,
};
export type MeterRow = {
  objectId: string;
  street: string;
  postalCode: string;
  city: string;
  connectionStatus: 'connected' | 'disconnected';
  meteringPointId: string;
  gsrn: string;
  biddingZone: 'FI' | 'EE' | 'LV';
  siteId: string;
  customerId: string;
  hanPort: 'open' | 'closed';
  hanPortChangedAt: Date | null;
  remoteSwitching: boolean;
  connectionChangedAt: Date | null;
  lastSeenAt: Date | null;
};

const ownedMeter = (scope: CustomerScope) => and(eq(meterControl.siteId, scope.siteId), eq(meterControl.customerId, scope.customerId));

export function toLoadCommand(row: CommandRow): LoadCommand {
  return {
    id: row.id,
    action: row.action,
    status: row.status,
    origin: row.origin,
    requestedAt: row.requestedAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    failureReason: row.failureReason,
  };
}

export type AuditLine = {
  siteId: string;
  personId: string | null;
  customerId: string;
  action: string;
  outcome: string;
  requestId: string;
  ipAddress: string | null;
  details: string;
};

/** Meters, loads, commands and plans of the power-control area (docs/decisions/060-power-control.md). */
export const loadControlRepository = {
  meters(executor: Executor, scope: CustomerScope, where?: ReturnType<typeof eq>): Promise<MeterRow[]> {
    return executor
      .select(meterColumns)
      .from(meterControl)
      .innerJoin(meteringPoint, eq(meteringPoint.id, meterControl.meteringPointId))
      .innerJoin(supplyObject, eq(supplyObject.id, meteringPoint.objectId))
      .where(and(ownedMeter(scope), where))
      .orderBy(asc(supplyObject.id), asc(meteringPoint.id));
  },

  async meterOfObject(executor: Executor, scope: CustomerScope, objectId: string): Promise<MeterRow | null> {
    const [row] = await this.meters(executor, scope, eq(supplyObject.id, objectId));
    return row ?? null;
  },

  async meterByGsrn(executor: Executor, scope: CustomerScope, gsrn: string): Promise<MeterRow | null> {
    const [row] = await this.meters(executor, scope, eq(meteringPoint.gsrn, gsrn));
    return row ?? null;
  },

  /** Whether the scope owns an object or metering point at all: 422 (not controllable) rather than 404 (not yours). */
  async ownsObject(executor: Executor, scope: CustomerScope, objectId: string): Promise<boolean> {
    const [row] = await executor
      .select({ id: supplyObject.id })
      .from(supplyObject)
      .where(and(eq(supplyObject.siteId, scope.siteId), eq(supplyObject.customerId, scope.customerId), eq(supplyObject.id, objectId)));
    return !!row;
  },

  /**
   * Whether the scope is supplied at the metering point on `today` (the site's calendar day): a contract of theirs
   * has started and not ended there (decision 030's `statusOn`: signed with its start come is active, a live one past
   * its end date has ended). After a move-out's moving day the meter's readings are the next occupant's.
   */
  async suppliedOn(executor: Executor, scope: CustomerScope, meteringPointId: string, today: string): Promise<boolean> {
    const [row] = await executor
      .select({ id: contract.id })
      .from(contract)
      .where(
        and(
          eq(contract.siteId, scope.siteId),
          eq(contract.customerId, scope.customerId),
          eq(contract.meteringPointId, meteringPointId),
          inArray(contract.status, ['signed', 'active', 'ending']),
          lte(contract.startDate, today),
          or(isNull(contract.endDate), gte(contract.endDate, today)),
        ),
      )
      .limit(1);
    return !!row;
  },

  async ownsGsrn(executor: Executor, scope: CustomerScope, gsrn: string): Promise<boolean> {
    const [row] = await executor
      .select({ id: meteringPoint.id })
      .from(meteringPoint)
      .where(and(eq(meteringPoint.siteId, scope.siteId), eq(meteringPoint.customerId, scope.customerId), eq(meteringPoint.gsrn, gsrn)));
    return !!row;
  },

  loadsOf(executor: Executor, meteringPointIds: string[]): Promise<LoadRow[]> {
    if (meteringPointIds.length === 0) return Promise.resolve([]);
    return executor
      .select()
      .from(controllableLoad)
      .where(inArray(controllableLoad.meteringPointId, meteringPointIds))
      .orderBy(asc(controllableLoad.meteringPointId), asc(controllableLoad.relay));
  },

  async load(executor: Executor, scope: CustomerScope, loadId: string): Promise<LoadRow | null> {
    const [row] = await executor
      .select()
      .from(controllableLoad)
      .where(
        and(eq(controllableLoad.siteId, scope.siteId), eq(controllableLoad.customerId, scope.customerId), eq(controllableLoad.id, loadId)),
      );
    return row ?? null;
  },

  pendingCommands(executor: Executor, meteringPointIds: string[]): Promise<CommandRow[]> {
    if (meteringPointIds.length === 0) return Promise.resolve([]);
    return executor
      .select()
      .from(loadCommand)
      .where(and(inArray(loadCommand.meteringPointId, meteringPointIds), eq(loadCommand.status, 'pending')));
  },

  /** The new command, or null when one for the same meter and target is already pending (the partial unique index). */
  async insertCommand(tx: Transaction, row: typeof loadCommand.$inferInsert): Promise<CommandRow | null> {
    const [created] = await tx
      .insert(loadCommand)
      .values(row)
      .onConflictDoNothing({ target: [loadCommand.meteringPointId, loadCommand.targetKey], where: sql`status = 'pending'` })
      .returning();
    return created ?? null;
  },

  async pendingCommand(executor: Executor, meteringPointId: string, targetKey: string): Promise<CommandRow | null> {
    const [row] = await executor
      .select()
      .from(loadCommand)
      .where(
        and(eq(loadCommand.meteringPointId, meteringPointId), eq(loadCommand.targetKey, targetKey), eq(loadCommand.status, 'pending')),
      );
    return row ?? null;
  },

  async command(executor: Executor, id: string): Promise<CommandRow | null> {
    const [row] = await executor.select().from(loadCommand).where(eq(loadCommand.id, id));
    return row ?? null;
  },

  async commandOfScope(executor: Executor, scope: CustomerScope, id: string): Promise<CommandRow | null> {
    const [row] = await executor
      .select()
      .from(loadCommand)
      .where(and(eq(loadCommand.siteId, scope.siteId), eq(loadCommand.customerId, scope.customerId), eq(loadCommand.id, id)));
    return row ?? null;
  },

  /** Moves a pending command to its outcome; null when it was no longer pending (another copy, or the timeout, was first). */
  async resolveCommand(
    tx: Transaction,
    id: string,
    outcome: { status: 'confirmed' | 'failed' | 'timed-out'; reason: string | null; at: Date },
  ): Promise<CommandRow | null> {
    const [row] = await tx
      .update(loadCommand)
      .set({ status: outcome.status, failureReason: outcome.reason, resolvedAt: outcome.at })
      .where(and(eq(loadCommand.id, id), eq(loadCommand.status, 'pending')))
      .returning();
    return row ?? null;
  },

  async markSent(executor: Executor, id: string, at: Date): Promise<void> {
    await executor.update(loadCommand).set({ sentAt: at }).where(eq(loadCommand.id, id));
  },

  async setLoadState(tx: Transaction, loadId: string, state: 'on' | 'off', at: Date): Promise<void> {
    await tx.update(controllableLoad).set({ state, stateChangedAt: at }).where(eq(controllableLoad.id, loadId));
  },

  async setHanPort(tx: Transaction, meteringPointId: string, status: 'open' | 'closed', at: Date): Promise<void> {
    await tx.update(meterControl).set({ hanPort: status, hanPortChangedAt: at }).where(eq(meterControl.meteringPointId, meteringPointId));
  },

  async setConnection(tx: Transaction, command: CommandRow, status: 'connected' | 'disconnected', at: Date): Promise<void> {
    await tx.update(supplyObject).set({ connectionStatus: status }).where(eq(supplyObject.id, command.objectId));
    await tx.update(meterControl).set({ connectionChangedAt: at }).where(eq(meterControl.meteringPointId, command.meteringPointId));
  },

  /** Heard from a meter: by its address on the broker, which is its site and code. */
  async touchMeter(executor: Executor, siteId: string, gsrn: string, at: Date): Promise<void> {
    await executor
      .update(meterControl)
      .set({ lastSeenAt: at })
      .where(
        and(
          eq(meterControl.siteId, siteId),
          sql`${meterControl.meteringPointId} = (select id from ${meteringPoint} where site_id = ${siteId} and gsrn = ${gsrn})`,
          sql`(${meterControl.lastSeenAt} is null or ${meterControl.lastSeenAt} < ${at})`,
        ),
      );
  },

  async audit(tx: Transaction, line: AuditLine): Promise<void> {
    await tx.insert(auditLog).values(line);
  },

  async insertPlan(tx: Transaction, row: typeof loadPlan.$inferInsert): Promise<PlanRow | null> {
    const [created] = await tx
      .insert(loadPlan)
      .values(row)
      .onConflictDoNothing({ target: [loadPlan.loadId], where: sql`status = 'scheduled'` })
      .returning();
    return created ?? null;
  },

  plans(executor: Executor, scope: CustomerScope, loadId?: string): Promise<PlanRow[]> {
    return executor
      .select()
      .from(loadPlan)
      .where(
        and(eq(loadPlan.siteId, scope.siteId), eq(loadPlan.customerId, scope.customerId), loadId ? eq(loadPlan.loadId, loadId) : undefined),
      )
      .orderBy(desc(loadPlan.createdAt))
      .limit(20);
  },

  async lockPlan(tx: Transaction, id: string, scope?: CustomerScope): Promise<PlanRow | null> {
    const [row] = await tx
      .select()
      .from(loadPlan)
      .where(
        and(eq(loadPlan.id, id), scope ? and(eq(loadPlan.siteId, scope.siteId), eq(loadPlan.customerId, scope.customerId)) : undefined),
      )
      .for('update');
    return row ?? null;
  },

  async finishPlan(tx: Transaction, id: string, status: 'done' | 'cancelled', at: Date): Promise<void> {
    await tx
      .update(loadPlan)
      .set({ status, finishedAt: at })
      .where(and(eq(loadPlan.id, id), eq(loadPlan.status, 'scheduled')));
  },

  loadsOfCustomer(executor: Executor, scope: CustomerScope): Promise<LoadRow[]> {
    return executor
      .select()
      .from(controllableLoad)
      .where(and(eq(controllableLoad.siteId, scope.siteId), eq(controllableLoad.customerId, scope.customerId)));
  },

  async loadById(executor: Executor, id: string): Promise<LoadRow | null> {
    const [row] = await executor.select().from(controllableLoad).where(eq(controllableLoad.id, id));
    return row ?? null;
  },

  /** Published day-ahead periods of a zone in [from, to), in the caller's transaction. */
  spotPrices(executor: Executor, zone: 'FI' | 'EE' | 'LV', from: Date, to: Date) {
    return executor
      .select({ startsAt: spotPrice.startsAt, resolutionMinutes: spotPrice.resolutionMinutes, eurPerMwh: spotPrice.eurPerMwh })
      .from(spotPrice)
      .where(and(eq(spotPrice.biddingZone, zone), gte(spotPrice.startsAt, from), lt(spotPrice.startsAt, to)))
      .orderBy(asc(spotPrice.startsAt));
  },

  async meterOfCommand(executor: Executor, command: CommandRow): Promise<MeterRow | null> {
    const scope = { siteId: command.siteId, customerId: command.customerId };
    const [row] = await this.meters(executor, scope, eq(meteringPoint.id, command.meteringPointId));
    return row ?? null;
  },

  async meterOfLoad(executor: Executor, load: LoadRow): Promise<MeterRow | null> {
    const [row] = await this.meters(
      executor,
      { siteId: load.siteId, customerId: load.customerId },
      eq(meteringPoint.id, load.meteringPointId),
    );
    return row ?? null;
  },
};
