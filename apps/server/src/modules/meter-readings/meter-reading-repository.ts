import { and, desc, eq, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Utility } from '@portal/schema/enums';
import type {
  MeterPhotoType,
  MeterReadingEnterer,
  MeterReadingSource,
  OverridableReadingCheck,
  RegisterUnit,
} from '@portal/schema/meter-readings';
import { meteringPoint } from '../../db/schema/energy.ts';
import { meterReadingPhoto, meterRegisterReading } from '../../db/schema/meter-readings.ts';
import type { CustomerScope } from '../../platform/actor.ts';
import type { Executor, Transaction } from '../../platform/database.ts';

export type RegisterPoint = { id: string; siteId: string; customerId: string; utility: Utility; readByHand: boolean };

export type RegisterReadingRow = {
  id: string;
  meteringPointId: string;
  readOn: string;
  value: string;
  unit: RegisterUnit;
  source: MeterReadingSource;
  meterChanged: boolean;
  enteredBy: MeterReadingEnterer | null;
  supersededById: string | null;
  createdAt: Date;
  hasPhoto: boolean;
  overrideCheck: OverridableReadingCheck | null;
  overrideReason: string | null;
};

const pointColumns = {
  id: meteringPoint.id,
  siteId: meteringPoint.siteId,
  customerId: meteringPoint.customerId,
  utility: meteringPoint.utility,
  readByHand: meteringPoint.readByHand,
};

const readingColumns = {
  id: meterRegisterReading.id,
  meteringPointId: meterRegisterReading.meteringPointId,
  readOn: meterRegisterReading.readOn,
  value: meterRegisterReading.value,
  unit: meterRegisterReading.unit,
  source: meterRegisterReading.source,
  meterChanged: meterRegisterReading.meterChanged,
  enteredBy: meterRegisterReading.enteredBy,
  supersededById: meterRegisterReading.supersededById,
  createdAt: meterRegisterReading.createdAt,
  overrideCheck: meterRegisterReading.overrideCheck,
  overrideReason: meterRegisterReading.overrideReason,
  hasPhoto: sql<boolean>`exists (select 1 from ${meterReadingPhoto} where ${meterReadingPhoto.readingId} = ${meterRegisterReading.id})`,
};

/** Rule 1: a metering point, a reading or a photo only ever of the actor's customer on the actor's site. */
const ownedPoint = (scope: CustomerScope, id: string) =>
  and(eq(meteringPoint.siteId, scope.siteId), eq(meteringPoint.customerId, scope.customerId), eq(meteringPoint.id, id));

/** Register readings of meters (docs/decisions/112): what customers enter and what the utility measured. */
export const meterReadingRepository = {
  async point(executor: Executor, scope: CustomerScope, id: string): Promise<RegisterPoint | null> {
    const [row] = await executor.select(pointColumns).from(meteringPoint).where(ownedPoint(scope, id));
    return row ?? null;
  },

  /** The point, locked until the transaction ends: two readings of one meter are checked one after the other. */
  async lockPoint(tx: Transaction, scope: CustomerScope, id: string): Promise<RegisterPoint | null> {
    const [row] = await tx.select(pointColumns).from(meteringPoint).where(ownedPoint(scope, id)).for('update');
    return row ?? null;
  },

  /** The utility's own look-up of a point by id, for readings it measured (no customer acts). */
  async pointById(executor: Executor, id: string): Promise<RegisterPoint | null> {
    const [row] = await executor.select(pointColumns).from(meteringPoint).where(eq(meteringPoint.id, id));
    return row ?? null;
  },

  /**
   * The site's points with these codes (GSRN or EIC), locked until the transaction ends, always in the codes' order:
   * two batches touching the same meters wait for each other instead of deadlocking, and a customer's entry of one
   * of them waits for the batch (and is then judged against the measured reading).
   */
  async lockPointsByCode(tx: Transaction, siteId: string, codes: string[]): Promise<(RegisterPoint & { code: string })[]> {
    if (codes.length === 0) return [];
    return tx
      .select({ ...pointColumns, code: meteringPoint.gsrn })
      .from(meteringPoint)
      .where(and(eq(meteringPoint.siteId, siteId), inArray(meteringPoint.gsrn, codes)))
      .orderBy(meteringPoint.gsrn)
      .for('update');
  },

  /** The site's readings stored under these reading system ids (decision 131), with what each was stored as. */
  async byExternalIds(executor: Executor, siteId: string, externalIds: string[]) {
    if (externalIds.length === 0) return [];
    return executor
      .select({
        id: meterRegisterReading.id,
        externalId: meterRegisterReading.externalId,
        meteringPointId: meterRegisterReading.meteringPointId,
        readOn: meterRegisterReading.readOn,
        value: meterRegisterReading.value,
        meterChanged: meterRegisterReading.meterChanged,
      })
      .from(meterRegisterReading)
      .where(and(eq(meterRegisterReading.siteId, siteId), inArray(meterRegisterReading.externalId, externalIds)));
  },

  /** The point's readings, newest first (the day read, then when it was stored). */
  async readings(executor: Executor, meteringPointId: string, limit = 240): Promise<RegisterReadingRow[]> {
    return executor
      .select(readingColumns)
      .from(meterRegisterReading)
      .where(eq(meterRegisterReading.meteringPointId, meteringPointId))
      .orderBy(desc(meterRegisterReading.readOn), desc(meterRegisterReading.createdAt))
      .limit(limit);
  },

  /** One reading of the point, as the list shows it. */
  async reading(executor: Executor, meteringPointId: string, id: string): Promise<RegisterReadingRow[]> {
    return executor
      .select(readingColumns)
      .from(meterRegisterReading)
      .where(and(eq(meterRegisterReading.meteringPointId, meteringPointId), eq(meterRegisterReading.id, id)));
  },

  /**
   * Readings not replaced, read on `from` or later, newest first: what a new reading is checked against, on both sides
   * of its day when that is past (decision 130).
   */
  async currentReadingsSince(executor: Executor, meteringPointId: string, from: string): Promise<RegisterReadingRow[]> {
    return executor
      .select(readingColumns)
      .from(meterRegisterReading)
      .where(
        and(
          eq(meterRegisterReading.meteringPointId, meteringPointId),
          isNull(meterRegisterReading.supersededById),
          gte(meterRegisterReading.readOn, from),
        ),
      )
      .orderBy(desc(meterRegisterReading.readOn), desc(meterRegisterReading.createdAt));
  },

  /** The last reading not replaced read on `day` or before, of any age. */
  async lastCurrentBy(executor: Executor, meteringPointId: string, day: string): Promise<RegisterReadingRow | null> {
    const [row] = await executor
      .select(readingColumns)
      .from(meterRegisterReading)
      .where(
        and(
          eq(meterRegisterReading.meteringPointId, meteringPointId),
          isNull(meterRegisterReading.supersededById),
          lte(meterRegisterReading.readOn, day),
        ),
      )
      .orderBy(desc(meterRegisterReading.readOn), desc(meterRegisterReading.createdAt))
      .limit(1);
    return row ?? null;
  },

  /** The day of the utility's last measured reading, or null: customer readings may not go back past it (decision 130). */
  async lastMeasuredOn(executor: Executor, meteringPointId: string): Promise<string | null> {
    const [row] = await executor
      .select({ readOn: meterRegisterReading.readOn })
      .from(meterRegisterReading)
      .where(and(eq(meterRegisterReading.meteringPointId, meteringPointId), eq(meterRegisterReading.source, 'MEASURED')))
      .orderBy(desc(meterRegisterReading.readOn))
      .limit(1);
    return row?.readOn ?? null;
  },

  async insert(
    tx: Transaction,
    row: {
      point: RegisterPoint;
      readOn: string;
      value: string;
      unit: RegisterUnit;
      source: MeterReadingSource;
      meterChanged: boolean;
      enteredBy: MeterReadingEnterer | null;
      enteredByPersonId: string | null;
      override?: { check: OverridableReadingCheck; reason: string } | null;
      createdAt: Date;
      /** The reading system's id of a MEASURED reading it sent (decision 131). */
      externalId?: string | null;
    },
  ): Promise<string> {
    const [inserted] = await tx
      .insert(meterRegisterReading)
      .values({
        siteId: row.point.siteId,
        customerId: row.point.customerId,
        meteringPointId: row.point.id,
        readOn: row.readOn,
        value: row.value,
        unit: row.unit,
        source: row.source,
        meterChanged: row.meterChanged,
        enteredBy: row.enteredBy,
        enteredByPersonId: row.enteredByPersonId,
        overrideCheck: row.override?.check ?? null,
        overrideReason: row.override?.reason ?? null,
        createdAt: row.createdAt,
        externalId: row.externalId ?? null,
      })
      .returning({ id: meterRegisterReading.id });
    return inserted!.id;
  },

  async insertPhoto(tx: Transaction, readingId: string, photo: { fileName: string; contentType: MeterPhotoType; content: Buffer }) {
    await tx.insert(meterReadingPhoto).values({ readingId, ...photo, sizeBytes: photo.content.length });
  },

  /**
   * Marks the point's customer readings of [from, to) that nothing replaced yet as replaced by `measuredId`; answers
   * their ids.
   */
  async supersedeCustomerReadings(
    tx: Transaction,
    meteringPointId: string,
    period: { from: string; to: string },
    measuredId: string,
    at: Date,
  ): Promise<string[]> {
    const rows = await tx
      .update(meterRegisterReading)
      .set({ supersededById: measuredId, supersededAt: at })
      .where(
        and(
          eq(meterRegisterReading.meteringPointId, meteringPointId),
          eq(meterRegisterReading.source, 'CUSTOMER'),
          isNull(meterRegisterReading.supersededById),
          gte(meterRegisterReading.readOn, period.from),
          lt(meterRegisterReading.readOn, period.to),
        ),
      )
      .returning({ id: meterRegisterReading.id });
    return rows.map((row) => row.id);
  },

  async photo(executor: Executor, scope: CustomerScope, readingId: string) {
    const [row] = await executor
      .select({ fileName: meterReadingPhoto.fileName, contentType: meterReadingPhoto.contentType, content: meterReadingPhoto.content })
      .from(meterReadingPhoto)
      .innerJoin(meterRegisterReading, eq(meterRegisterReading.id, meterReadingPhoto.readingId))
      .where(
        and(
          eq(meterReadingPhoto.readingId, readingId),
          eq(meterRegisterReading.siteId, scope.siteId),
          eq(meterRegisterReading.customerId, scope.customerId),
        ),
      );
    return row ?? null;
  },

  /**
   * Of these customers of the site, the ones with a hand-read metering point: who the monthly reminder is for
   * (docs/decisions/112).
   */
  async customersWithHandReadPoints(executor: Executor, siteId: string, customerIds: string[]): Promise<string[]> {
    if (customerIds.length === 0) return [];
    const rows = await executor
      .selectDistinct({ customerId: meteringPoint.customerId })
      .from(meteringPoint)
      .where(and(eq(meteringPoint.siteId, siteId), eq(meteringPoint.readByHand, true), inArray(meteringPoint.customerId, customerIds)));
    return rows.map((row) => row.customerId);
  },
};
