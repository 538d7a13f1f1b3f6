import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { BillingChannelKind, ContractStatus, CustomerType, OperatingCountryCode } from '@portal/schema/enums';
import type { MoveOut } from '@portal/schema/move-out';
import { contract, contractMoveOut, meteringPoint, priceComponent, supplyObject } from '../../db/schema/energy.ts';
import { customer } from '../../db/schema/identity.ts';
import { site } from '../../db/schema/sites.ts';
import type { Executor, Transaction } from '../../platform/database.ts';
import type { CustomerScope } from '../../platform/actor.ts';
import { vatRateRows } from '../pricing/vat-rate-repository.ts';
import type { GridPointRow } from './grid-repository.ts';

const summaryColumns = {
  contract,
  utility: meteringPoint.utility,
  meteringPointCode: meteringPoint.gsrn,
  objectId: supplyObject.id,
  street: supplyObject.street,
  postalCode: supplyObject.postalCode,
  city: supplyObject.city,
  countryCode: supplyObject.countryCode,
  moveOut: contractMoveOut,
  /** The VAT key's country and customer type (decision 093): the site's country, the customer's type. */
  siteCountryCode: site.countryCode,
  customerType: customer.type,
};

export type ContractRow = {
  contract: typeof contract.$inferSelect;
  utility: (typeof meteringPoint.$inferSelect)['utility'];
  meteringPointCode: string;
  objectId: string;
  street: string;
  postalCode: string;
  city: string;
  countryCode: string;
  moveOut: typeof contractMoveOut.$inferSelect | null;
  siteCountryCode: OperatingCountryCode;
  customerType: CustomerType;
};

export type PriceComponentRow = Pick<
  typeof priceComponent.$inferSelect,
  'kind' | 'unit' | 'priceCents' | 'thresholdKw' | 'validFrom' | 'validTo'
>;

const scoped = (scope: CustomerScope) => and(eq(contract.siteId, scope.siteId), eq(contract.customerId, scope.customerId));
const joined = (executor: Executor) =>
  executor
    .select(summaryColumns)
    .from(contract)
    .innerJoin(meteringPoint, eq(meteringPoint.id, contract.meteringPointId))
    .innerJoin(supplyObject, eq(supplyObject.id, meteringPoint.objectId))
    .innerJoin(site, eq(site.id, contract.siteId))
    .innerJoin(customer, eq(customer.id, contract.customerId))
    .leftJoin(contractMoveOut, eq(contractMoveOut.contractId, contract.id));

/**
 * A customer's contracts, their prices and places (rule 1: every read is scoped to the acting customer and site).
 * The statements that take a contract's id alone (setBilling, moveOutOf, setStatus, recordMoveOut) run in the
 * transaction that locked it by lockForChange, lockWhole or atPoint, which found it under the customer's scope.
 */
export const contractRepository = {
  /** The customer's contracts, newest start first. */
  async list(executor: Executor, scope: CustomerScope): Promise<ContractRow[]> {
    return joined(executor).where(scoped(scope)).orderBy(desc(contract.startDate), asc(contract.contractNumber));
  },

  async find(executor: Executor, scope: CustomerScope, id: string): Promise<ContractRow | undefined> {
    const [row] = await joined(executor).where(and(scoped(scope), eq(contract.id, id)));
    return row;
  },

  /** The VAT rate history the contract's prices are shown with (decision 093). */
  vatRates: (executor: Executor) => vatRateRows(executor),

  /** The prices of a contract of the customer; another customer's contract has none (rule 1). */
  async priceComponents(executor: Executor, scope: CustomerScope, contractId: string): Promise<PriceComponentRow[]> {
    return executor
      .select({
        kind: priceComponent.kind,
        unit: priceComponent.unit,
        priceCents: priceComponent.priceCents,
        thresholdKw: priceComponent.thresholdKw,
        validFrom: priceComponent.validFrom,
        validTo: priceComponent.validTo,
      })
      .from(priceComponent)
      .innerJoin(contract, eq(contract.id, priceComponent.contractId))
      .where(and(scoped(scope), eq(priceComponent.contractId, contractId)))
      .orderBy(asc(priceComponent.validFrom), asc(priceComponent.id));
  },

  /** Locks the customer's contract for a change (its status and billing move under this lock). */
  async lockForChange(tx: Transaction, scope: CustomerScope, id: string) {
    const [row] = await tx
      .select({ id: contract.id, status: contract.status, startDate: contract.startDate, endDate: contract.endDate })
      .from(contract)
      .where(and(scoped(scope), eq(contract.id, id)))
      .for('update');
    return row;
  },

  async setBilling(tx: Transaction, id: string, billing: { channel: BillingChannelKind; target: string; operator: string | null }) {
    await tx
      .update(contract)
      .set({ billingChannel: billing.channel, billingTarget: billing.target, billingOperator: billing.operator })
      .where(eq(contract.id, id));
  },

  async moveOutOf(tx: Transaction, contractId: string) {
    const [row] = await tx.select().from(contractMoveOut).where(eq(contractMoveOut.contractId, contractId));
    return row;
  },

  /** A contract of the customer locked for a life-cycle step, with what the step needs. */
  async lockWhole(tx: Transaction, scope: CustomerScope, id: string) {
    const [row] = await tx
      .select()
      .from(contract)
      .where(and(scoped(scope), eq(contract.id, id)))
      .for('update');
    return row;
  },

  async setStatus(tx: Transaction, id: string, changes: { status: ContractStatus; signedAt?: Date; endDate?: string | null }) {
    await tx.update(contract).set(changes).where(eq(contract.id, id));
  },

  /** The customer's own metering point with this code, or whose it is when it is someone else's. */
  async meteringPointByCode(tx: Transaction, siteId: string, code: string) {
    const [row] = await tx
      .select({ id: meteringPoint.id, customerId: meteringPoint.customerId })
      .from(meteringPoint)
      .where(and(eq(meteringPoint.siteId, siteId), eq(meteringPoint.gsrn, code)))
      .for('update');
    return row;
  },

  /**
   * The customer's place and metering point for a usage point of the grid register, made when their first
   * contract there is signed up for (docs/decisions/035-sign-flow.md).
   */
  async createPlace(tx: Transaction, scope: CustomerScope, point: GridPointRow): Promise<string> {
    const [place] = await tx
      .select({ id: supplyObject.id })
      .from(supplyObject)
      .where(
        and(
          eq(supplyObject.siteId, scope.siteId),
          eq(supplyObject.customerId, scope.customerId),
          eq(supplyObject.street, point.street),
          eq(supplyObject.postalCode, point.postalCode),
        ),
      );
    const objectId = place?.id ?? `obj-${randomUUID()}`;
    if (!place) {
      await tx.insert(supplyObject).values({
        id: objectId,
        siteId: scope.siteId,
        customerId: scope.customerId,
        street: point.street,
        postalCode: point.postalCode,
        city: point.city,
        countryCode: point.countryCode,
        temperatureArea: point.temperatureArea,
      });
    }
    const meteringPointId = `mp-${randomUUID()}`;
    await tx.insert(meteringPoint).values({
      id: meteringPointId,
      siteId: scope.siteId,
      customerId: scope.customerId,
      objectId,
      gsrn: point.code,
      utility: point.utility,
      usagePointKind: point.usagePointKind,
      biddingZone: point.biddingZone,
      resolutionMinutes: point.resolutionMinutes,
      meterNumber: point.meterNumber,
    });
    return meteringPointId;
  },

  /** The customer's contracts of one metering point, locked: a new one is decided against them. */
  async atPoint(tx: Transaction, scope: CustomerScope, meteringPointId: string) {
    return tx
      .select({
        id: contract.id,
        status: contract.status,
        startDate: contract.startDate,
        endDate: contract.endDate,
        renewsContractId: contract.renewsContractId,
      })
      .from(contract)
      .where(and(scoped(scope), eq(contract.meteringPointId, meteringPointId)))
      .for('update');
  },

  async insertContract(
    tx: Transaction,
    values: typeof contract.$inferInsert,
    components: Omit<typeof priceComponent.$inferInsert, 'contractId'>[],
  ) {
    await tx.insert(contract).values(values);
    if (components.length > 0)
      await tx.insert(priceComponent).values(components.map((component) => ({ ...component, contractId: values.id })));
  },

  /** Records the move-out and gives the contract its end date and status, under the lock of lockForChange. */
  async recordMoveOut(tx: Transaction, id: string, moveOut: MoveOut & { status: ContractStatus; reportedBy: string }) {
    const { street, postalCode, city, countryCode } = moveOut.finalInvoiceAddress;
    await tx.insert(contractMoveOut).values({
      contractId: id,
      endDate: moveOut.endDate,
      street,
      postalCode,
      city,
      countryCode,
      meterReadingKwh: moveOut.meterReadingKwh,
      reportedBy: moveOut.reportedBy,
    });
    await tx.update(contract).set({ status: moveOut.status, endDate: moveOut.endDate }).where(eq(contract.id, id));
  },
};
