import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { contract, meteringPoint, priceComponent, reading, spotPrice, supplyObject, temperature } from '../db/schema/energy.ts';
import { refreshSpotPriceHours } from '../db/spot-price-hours.ts';
import { refreshRollups, writtenRange } from '../modules/readings/reading-rollups.ts';
import { customer } from '../db/schema/identity.ts';
import type { BiddingZone } from '@portal/schema/energy';
import type { BillingChannelKind, ContractStatus, ContractType, PriceComponentKind, PriceType } from '@portal/schema/enums';
import type { Database } from '../platform/database.ts';

/**
 * Small energy fixtures for tests: one object, one metering point, one contract and a few days of readings,
 * so a test file never pays for the demo seed's two years of history.
 */
export async function customerIdOf(db: Database, siteId: string, clientCode: string): Promise<string> {
  const [row] = await db
    .select({ id: customer.id })
    .from(customer)
    .where(and(eq(customer.siteId, siteId), eq(customer.clientCode, clientCode)));
  if (!row) throw new Error(`No customer ${clientCode} on ${siteId}`);
  return row.id;
}

type PointOptions = {
  siteId: string;
  clientCode: string;
  utility?: 'electricity' | 'gas' | 'heating';
  gsrn?: string;
  biddingZone?: 'FI' | 'EE' | 'LV';
  resolutionMinutes?: number;
  hasProduction?: boolean;
  street?: string;
  city?: string;
  temperatureArea?: string;
};

export async function buildMeteringPoint(db: Database, options: PointOptions) {
  const customerId = await customerIdOf(db, options.siteId, options.clientCode);
  const suffix = randomUUID().slice(0, 8);
  const objectId = `obj-test-${suffix}`;
  const id = `mp-test-${suffix}`;
  await db.insert(supplyObject).values({
    id: objectId,
    siteId: options.siteId,
    customerId,
    street: options.street ?? 'Testikatu 1',
    postalCode: '00100',
    city: options.city ?? 'Helsinki',
    countryCode: options.biddingZone ?? 'FI',
    temperatureArea: options.temperatureArea ?? `area-${suffix}`,
  });
  await db.insert(meteringPoint).values({
    id,
    siteId: options.siteId,
    customerId,
    objectId,
    gsrn: options.gsrn ?? `6430${String(Math.floor(Math.random() * 1e14)).padStart(14, '0')}`,
    utility: options.utility ?? 'electricity',
    usagePointKind: options.hasProduction ? 'MicrogenerationSite' : 'UsagePoint',
    biddingZone: options.biddingZone ?? 'FI',
    resolutionMinutes: options.resolutionMinutes ?? 60,
    hasProduction: options.hasProduction ?? false,
    meterNumber: `M-${suffix}`,
  });
  return { id, objectId, customerId, siteId: options.siteId, temperatureArea: options.temperatureArea ?? `area-${suffix}` };
}

type ComponentInput = {
  kind: PriceComponentKind;
  unit?: 'c/kWh' | 'c/month' | 'c/year' | 'c/kW';
  priceCents: string;
  thresholdKw?: string | null;
  validFrom?: string;
  validTo?: string | null;
};

export async function buildContract(
  db: Database,
  point: { id: string; customerId: string; siteId: string },
  options: {
    priceType?: PriceType;
    /** SupplyContract unless given: a GridContract sells the network service (VAT, decision 093). */
    type?: ContractType;
    startDate?: string;
    endDate?: string | null;
    status?: ContractStatus;
    billingChannel?: BillingChannelKind;
    contractNumber?: string;
    /** The catalogue product it was made from, by name and id. */
    product?: { id: string; name: string };
    components: ComponentInput[];
  },
) {
  const id = `ct-test-${randomUUID().slice(0, 8)}`;
  await db.insert(contract).values({
    id,
    siteId: point.siteId,
    customerId: point.customerId,
    meteringPointId: point.id,
    contractNumber: options.contractNumber ?? id,
    type: options.type ?? 'SupplyContract',
    productName: options.product?.name ?? 'Test product',
    productId: options.product?.id ?? null,
    priceType: options.priceType ?? 'Fixed',
    startDate: options.startDate ?? '2020-01-01',
    endDate: options.endDate ?? null,
    status: options.status ?? 'active',
    billingChannel: options.billingChannel ?? 'Email',
    billingTarget: options.billingChannel === 'Address' ? 'Testikatu 1, 00100 Helsinki' : 'test@example.fi',
  });
  await db.insert(priceComponent).values(
    options.components.map((component) => ({
      contractId: id,
      kind: component.kind,
      unit: component.unit ?? 'c/kWh',
      priceCents: component.priceCents,
      thresholdKw: component.thresholdKw ?? null,
      validFrom: component.validFrom ?? '2020-01-01',
      validTo: component.validTo ?? null,
    })),
  );
  return id;
}

/** Readings of one interval length from `from` (inclusive) to `to` (exclusive); `wh` gives each interval's value. */
export async function insertReadings(
  db: Database,
  meteringPointId: string,
  {
    from,
    to,
    minutes = 60,
    direction = 'consumption',
    wh = () => 1000,
    measured = () => true,
  }: {
    from: Date;
    to: Date;
    minutes?: number;
    direction?: 'consumption' | 'production';
    wh?: (startsAt: Date) => number;
    measured?: (startsAt: Date) => boolean;
  },
) {
  const rows: (typeof reading.$inferInsert)[] = [];
  for (let at = from.getTime(); at < to.getTime(); at += minutes * 60_000) {
    const startsAt = new Date(at);
    rows.push({ meteringPointId, startsAt, direction, resolutionMinutes: minutes, wh: wh(startsAt), measured: measured(startsAt) });
  }
  // Like every writer of readings, the factory keeps the rollups in the same transaction (decision 081).
  await db.transaction(async (tx) => {
    for (let index = 0; index < rows.length; index += 1000) await tx.insert(reading).values(rows.slice(index, index + 1000));
    await refreshRollups(tx, writtenRange([meteringPointId], from, new Date(Math.ceil(to.getTime() / 3_600_000) * 3_600_000)));
  });
  return rows.length;
}

export async function insertSpotPrices(
  db: Database,
  zone: BiddingZone,
  { from, to, minutes = 15, eurPerMwh }: { from: Date; to: Date; minutes?: number; eurPerMwh: (startsAt: Date) => string },
) {
  const rows: (typeof spotPrice.$inferInsert)[] = [];
  for (let at = from.getTime(); at < to.getTime(); at += minutes * 60_000) {
    const startsAt = new Date(at);
    rows.push({ biddingZone: zone, startsAt, resolutionMinutes: minutes, eurPerMwh: eurPerMwh(startsAt) });
  }
  // Like every writer of prices, the factory keeps the hourly prices in the same transaction (decision 081).
  await db.transaction(async (tx) => {
    for (let index = 0; index < rows.length; index += 1000)
      await tx
        .insert(spotPrice)
        .values(rows.slice(index, index + 1000))
        .onConflictDoNothing();
    await refreshSpotPriceHours(
      tx,
      sql`select ${zone}::text as bidding_zone, h as starts_at
          from generate_series(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz - interval '1 minute', interval '1 hour') h`,
    );
  });
}

export async function insertTemperatures(
  db: Database,
  area: string,
  { from, to, deciCelsius }: { from: Date; to: Date; deciCelsius: (startsAt: Date) => number },
) {
  const rows = [];
  for (let at = from.getTime(); at < to.getTime(); at += 3_600_000)
    rows.push({ area, startsAt: new Date(at), deciCelsius: deciCelsius(new Date(at)) });
  for (let index = 0; index < rows.length; index += 1000) await db.insert(temperature).values(rows.slice(index, index + 1000));
}
