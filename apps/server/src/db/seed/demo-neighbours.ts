import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { monthStart, todayIn } from '@portal/schema/calendar-dates';
import type { FloorAreaBand, Heating, HomeKind } from '@portal/schema/homes-comparison';
import { queryRows, type Database } from '../../platform/database.ts';
import { DEMO_OBJECTS, gsrn } from './demo-energy-catalogue.ts';

/**
 * The other homes of Lumo's grid area that "homes like mine" compares with (decision 123): customers of the utility
 * who never opened the portal (no person, no access, no contract in the portal), each with one home and one
 * electricity metering point, and the monthly consumption the data hub delivered for it, with no hourly readings.
 * Every value is a pure function of the home's number and the month, so a later start only adds the new months.
 */

type Group = {
  homeKind: HomeKind;
  heating: Heating;
  floorAreaBand: FloorAreaBand;
  homes: number;
  /** The group's typical year, kWh, and how much more of it falls in January than in July (0: evenly). */
  annualKwh: number;
  winterShare: number;
};

/**
 * Lumo's groups, sized so that the demo shows every answer: Aino Virtanen's detached heat-pump house of 150–200 m² has
 * 48 homes of its own description; Mikko Korhonen's 50–80 m² flat with district heat has 14, widened to the 34
 * district-heated apartments of every size; his summer cottage's holiday homes are 11 in all, too few to show.
 */
export const LUMO_NEIGHBOUR_GROUPS: readonly Group[] = [
  { homeKind: 'detached', heating: 'heat-pump', floorAreaBand: '150-200', homes: 48, annualKwh: 19_500, winterShare: 0.55 },
  { homeKind: 'detached', heating: 'heat-pump', floorAreaBand: '120-150', homes: 26, annualKwh: 16_000, winterShare: 0.55 },
  { homeKind: 'detached', heating: 'electric', floorAreaBand: '120-150', homes: 30, annualKwh: 18_000, winterShare: 0.6 },
  { homeKind: 'detached', heating: 'district', floorAreaBand: '120-150', homes: 12, annualKwh: 7_000, winterShare: 0.12 },
  { homeKind: 'terraced', heating: 'electric', floorAreaBand: '80-120', homes: 22, annualKwh: 11_000, winterShare: 0.5 },
  { homeKind: 'apartment', heating: 'district', floorAreaBand: '50-80', homes: 14, annualKwh: 2_600, winterShare: 0.08 },
  { homeKind: 'apartment', heating: 'district', floorAreaBand: '80-120', homes: 12, annualKwh: 3_400, winterShare: 0.08 },
  { homeKind: 'apartment', heating: 'district', floorAreaBand: 'under-50', homes: 8, annualKwh: 1_900, winterShare: 0.08 },
  { homeKind: 'apartment', heating: 'electric', floorAreaBand: '50-80', homes: 6, annualKwh: 4_500, winterShare: 0.4 },
  { homeKind: 'holiday-home', heating: 'electric', floorAreaBand: '50-80', homes: 6, annualKwh: 6_500, winterShare: 0.3 },
  { homeKind: 'holiday-home', heating: 'other', floorAreaBand: 'under-50', homes: 5, annualKwh: 2_500, winterShare: 0.2 },
];

const STREETS = [
  { street: 'Kuusikallionkuja', postalCode: '02210', city: 'Espoo' },
  { street: 'Kaskenkaatajantie', postalCode: '02230', city: 'Espoo' },
  { street: 'Hervannan valtaväylä', postalCode: '33720', city: 'Tampere' },
  { street: 'Satakunnankatu', postalCode: '33210', city: 'Tampere' },
  { street: 'Vaajakoskentie', postalCode: '40800', city: 'Jyväskylä' },
];

/** A number in [0, 1) from two integers: a multiplicative congruential step twice (integers only, the same everywhere). */
function unit(a: number, b: number): number {
  const first = ((a * 40_503 + b * 7_919 + 1) * 48_271) % 2_147_483_647;
  return ((first * 48_271) % 2_147_483_647) / 2_147_483_647;
}

type Home = {
  number: number;
  customerId: string;
  clientCode: string;
  objectId: string;
  pointId: string;
  gsrn: string;
  meterNumber: string;
  street: string;
  postalCode: string;
  city: string;
  homeKind: HomeKind;
  heating: Heating;
  floorAreaBand: FloorAreaBand;
  /** Wh of a typical January … December of this home, before each month's own ±8 %. */
  monthWh: number[];
};

/** Lumo's neighbouring homes, numbered from 1: ids, codes and a typical year each. */
export function lumoNeighbours(): Home[] {
  const homes: Home[] = [];
  for (const group of LUMO_NEIGHBOUR_GROUPS) {
    for (let index = 0; index < group.homes; index++) {
      const number = homes.length + 1;
      const padded = String(number).padStart(4, '0');
      const clientCode = `LUMO-3${String(number).padStart(5, '0')}`;
      const place = STREETS[number % STREETS.length]!;
      // Homes of a group differ by up to ±40 % of its typical year.
      const annualWh = group.annualKwh * 1000 * (0.6 + 0.8 * unit(number, 0));
      const weights = Array.from({ length: 12 }, (_, month) => 1 + group.winterShare * Math.cos((2 * Math.PI * month) / 12));
      const total = weights.reduce((sum, weight) => sum + weight, 0);
      homes.push({
        number,
        customerId: uuidOf(`lumo-neighbour-${number}`),
        clientCode,
        objectId: `obj-lumo-nb-${padded}`,
        pointId: `mp-lumo-nb-${padded}`,
        gsrn: gsrn(`643001100009${String(number).padStart(5, '0')}`),
        meterNumber: `KAM-93${padded}`,
        street: `${place.street} ${1 + (number % 97)}`,
        postalCode: place.postalCode,
        city: place.city,
        homeKind: group.homeKind,
        heating: group.heating,
        floorAreaBand: group.floorAreaBand,
        monthWh: weights.map((weight) => Math.round((annualWh * weight) / total)),
      });
    }
  }
  return homes;
}

/** A UUID-shaped id from a name, the same on every start. */
function uuidOf(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Lumo's neighbouring homes and their months from January two years back to the last whole month, in one statement
 * (customers, places, metering points and monthly rollups as data-modifying parts of it); what is there already stays.
 * Also gives the demo customers' own places the register's details where none is known yet (a demo seeded before
 * decision 123). Returns the months written.
 */
export async function seedDemoNeighbours(db: Database, now: Date = new Date()): Promise<number> {
  const timezone = 'Europe/Helsinki';
  const last = monthStart(todayIn(timezone, now), -1);
  const first = `${Number(last.slice(0, 4)) - 2}-01-01`;
  const homes = lumoNeighbours();
  // A later start in the same month finds the last home's last month, which the one statement wrote with every other row.
  const [done] = await queryRows<{ found: number }>(
    db,
    sql`select 1 as found from reading_month where metering_point_id = ${homes.at(-1)!.pointId} and direction = 'consumption' and month = ${last}::date`,
  );
  if (done) return 0;
  const known = DEMO_OBJECTS.filter((object) => object.home).map((object) => ({ id: object.id, ...object.home }));
  const [row] = await queryRows<{ months: number }>(
    db,
    sql`with homes as (
          select * from jsonb_to_recordset(${JSON.stringify(homes)}::jsonb) as h(
            "number" int, "customerId" text, "clientCode" text, "objectId" text, "pointId" text, gsrn text, "meterNumber" text,
            street text, "postalCode" text, city text, "homeKind" text, heating text, "floorAreaBand" text, "monthWh" jsonb)
        ),
        customers as (
          insert into customer (id, site_id, client_code, type, name)
          select "customerId", 'lumo', "clientCode", 'private', "clientCode" from homes
          on conflict do nothing
        ),
        places as (
          insert into supply_object (id, site_id, customer_id, street, postal_code, city, country_code, temperature_area,
                                     home_kind, heating, floor_area_band, home_details_source)
          select "objectId", 'lumo', "customerId", street, "postalCode", city, 'FI', 'fi-espoo',
                 "homeKind", heating, "floorAreaBand", 'register' from homes
          on conflict do nothing
        ),
        points as (
          insert into metering_point (id, site_id, customer_id, object_id, gsrn, utility, usage_point_kind, bidding_zone,
                                      resolution_minutes, meter_number)
          select "pointId", 'lumo', "customerId", "objectId", gsrn, 'electricity', 'UsagePoint', 'FI', 60, "meterNumber" from homes
          on conflict do nothing
        ),
        demo_places as (
          update supply_object so
          set home_kind = k."homeKind", heating = k.heating, floor_area_band = k."floorAreaBand", home_details_source = 'register'
          from jsonb_to_recordset(${JSON.stringify(known)}::jsonb) as k(id text, "homeKind" text, heating text, "floorAreaBand" text)
          where so.id = k.id and so.home_details_source is null
        ),
        written as (
          insert into reading_month (metering_point_id, direction, month, wh, measured_intervals, estimated_intervals)
          select h."pointId", 'consumption', m.month,
                 -- The month's own ±8 %: integers only, so every database writes the same Wh.
                 ("monthWh"->>(extract(month from m.month)::int - 1))::bigint
                   * (920 + ((((h."number"::bigint * 40503 + extract(year from m.month)::int * 12 + extract(month from m.month)::int) * 48271)
                              % 2147483647) * 48271 % 2147483647) % 161) / 1000,
                 1, 0
          from homes h
          cross join generate_series(${first}::date, ${last}::date, interval '1 month') as m(month)
          on conflict do nothing
          returning 1
        )
        select count(*)::int as months from written`,
  );
  return row?.months ?? 0;
}
