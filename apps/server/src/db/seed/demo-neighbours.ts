import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { monthStart, todayIn } from '@portal/schema/calendar-dates';
import type { Utility } from '@portal/schema/enums';
import type { FloorAreaBand, Heating, HomeKind } from '@portal/schema/homes-comparison';
import { queryRows, type Database } from '../../platform/database.ts';
import { DEMO_OBJECTS, eic, gsrn } from './demo-energy-catalogue.ts';

/**
 * The other homes of each demo site's area that "homes like mine" compares with (decisions 123 and 131): customers of
 * the utility who never opened the portal (no person, no access, no contract in the portal), each with one home, a
 * metering point per utility it buys from the site, and the monthly consumption the data hub delivered for it, with
 * no hourly readings. Every value is a pure function of the home's number and the month, so a later start only adds
 * the new months.
 */

/** A year of one utility at a home: the group's typical kWh, and how much more of it falls in January than in July. */
type Use = { annualKwh: number; winterShare: number };

type Group = {
  homeKind: HomeKind;
  heating: Heating;
  floorAreaBand: FloorAreaBand;
  homes: number;
  /** What each home of the group buys from the site: one metering point per utility. */
  use: Partial<Record<Utility, Use>>;
};

const electricity = (annualKwh: number, winterShare: number) => ({ electricity: { annualKwh, winterShare } });

/**
 * Lumo's groups, sized so that the demo shows every answer: Aino Virtanen's detached heat-pump house of 150–200 m² has
 * 48 homes of its own description; Mikko Korhonen's 50–80 m² flat with district heat has 14, widened to the 34
 * district-heated apartments of every size; his summer cottage's holiday homes are 11 in all, too few to show.
 */
export const LUMO_NEIGHBOUR_GROUPS: readonly Group[] = [
  { homeKind: 'detached', heating: 'heat-pump', floorAreaBand: '150-200', homes: 48, use: electricity(19_500, 0.55) },
  { homeKind: 'detached', heating: 'heat-pump', floorAreaBand: '120-150', homes: 26, use: electricity(16_000, 0.55) },
  { homeKind: 'detached', heating: 'electric', floorAreaBand: '120-150', homes: 30, use: electricity(18_000, 0.6) },
  { homeKind: 'detached', heating: 'district', floorAreaBand: '120-150', homes: 12, use: electricity(7_000, 0.12) },
  { homeKind: 'terraced', heating: 'electric', floorAreaBand: '80-120', homes: 22, use: electricity(11_000, 0.5) },
  { homeKind: 'apartment', heating: 'district', floorAreaBand: '50-80', homes: 14, use: electricity(2_600, 0.08) },
  { homeKind: 'apartment', heating: 'district', floorAreaBand: '80-120', homes: 12, use: electricity(3_400, 0.08) },
  { homeKind: 'apartment', heating: 'district', floorAreaBand: 'under-50', homes: 8, use: electricity(1_900, 0.08) },
  { homeKind: 'apartment', heating: 'electric', floorAreaBand: '50-80', homes: 6, use: electricity(4_500, 0.4) },
  { homeKind: 'holiday-home', heating: 'electric', floorAreaBand: '50-80', homes: 6, use: electricity(6_500, 0.3) },
  { homeKind: 'holiday-home', heating: 'other', floorAreaBand: 'under-50', homes: 5, use: electricity(2_500, 0.2) },
];

/**
 * The other sites' groups (decision 131): each demo customer's home has 20 or more others of its own description for
 * every utility it buys there, the least that shows a figure, so the seed stays small. A gas-heated house buys
 * electricity and gas (gas 2,000–3,000 m³ a year, decision 112); a Riga flat buys district heat only (8–12 MWh).
 */
const OTHER_SITE_GROUPS: Record<'virmalise' | 'daugava' | 'kallio', readonly Group[]> = {
  // Mari-Liis Männik's gas-heated house in Tartu and Jaan Tamm's flat in Tallinn.
  virmalise: [
    {
      homeKind: 'detached',
      heating: 'gas',
      floorAreaBand: '120-150',
      homes: 21,
      use: { ...electricity(5_500, 0.2), gas: { annualKwh: 22_000, winterShare: 0.75 } },
    },
    { homeKind: 'apartment', heating: 'district', floorAreaBand: '50-80', homes: 20, use: electricity(2_400, 0.08) },
  ],
  // Anna Bērziņa's flat with district heat and Jānis Ozoliņš's gas-heated house in Jūrmala.
  daugava: [
    {
      homeKind: 'apartment',
      heating: 'district',
      floorAreaBand: '50-80',
      homes: 20,
      use: { heating: { annualKwh: 9_500, winterShare: 0.9 } },
    },
    {
      homeKind: 'detached',
      heating: 'gas',
      floorAreaBand: '150-200',
      homes: 21,
      use: { ...electricity(6_500, 0.2), gas: { annualKwh: 28_000, winterShare: 0.75 } },
    },
  ],
  // The network side of Aino's house and Mikko's cottage: the operator compares its own customers' grid points.
  kallio: [
    { homeKind: 'detached', heating: 'heat-pump', floorAreaBand: '150-200', homes: 20, use: electricity(19_500, 0.55) },
    { homeKind: 'holiday-home', heating: 'electric', floorAreaBand: '50-80', homes: 20, use: electricity(6_500, 0.3) },
  ],
};

type Street = { street: string; postalCode: string; city: string; temperatureArea: string };

/** How a site names its neighbours' rows: ids, client codes, meter numbers and point codes stay clear of the demo's own. */
type SiteNeighbours = {
  siteId: string;
  groups: readonly Group[];
  idPrefix: string;
  clientCodePrefix: string;
  meterPrefix: string;
  countryCode: 'FI' | 'EE' | 'LV';
  biddingZone: 'FI' | 'EE' | 'LV';
  streets: readonly Street[];
  /** The point's GSRN or EIC from the home's number. */
  code: (utility: Utility, number: number) => string;
};

const pad = (number: number, width: number) => String(number).padStart(width, '0');
const gsrnOf = (prefix12: string) => (number: number) => gsrn(`${prefix12}${pad(number, 5)}`);
const fiEspoo = (street: string, postalCode: string, city = 'Espoo') => ({ street, postalCode, city, temperatureArea: 'fi-espoo' });

const SITES: readonly SiteNeighbours[] = [
  {
    siteId: 'lumo',
    groups: LUMO_NEIGHBOUR_GROUPS,
    idPrefix: 'lumo',
    clientCodePrefix: 'LUMO-3',
    meterPrefix: 'KAM-93',
    countryCode: 'FI',
    biddingZone: 'FI',
    streets: [
      fiEspoo('Kuusikallionkuja', '02210'),
      fiEspoo('Kaskenkaatajantie', '02230'),
      fiEspoo('Hervannan valtaväylä', '33720', 'Tampere'),
      fiEspoo('Satakunnankatu', '33210', 'Tampere'),
      fiEspoo('Vaajakoskentie', '40800', 'Jyväskylä'),
    ],
    code: (_utility, number) => gsrnOf('643001100009')(number),
  },
  {
    siteId: 'virmalise',
    groups: OTHER_SITE_GROUPS.virmalise,
    idPrefix: 've',
    clientCodePrefix: 'VE-9',
    meterPrefix: 'EE-NB-',
    countryCode: 'EE',
    biddingZone: 'EE',
    streets: [
      { street: 'Ropka tee', postalCode: '50111', city: 'Tartu', temperatureArea: 'ee-tartu' },
      { street: 'Mustamäe tee', postalCode: '10616', city: 'Tallinn', temperatureArea: 'ee-tallinn' },
      { street: 'Annelinna tee', postalCode: '50104', city: 'Tartu', temperatureArea: 'ee-tartu' },
    ],
    code: (utility, number) => (utility === 'gas' ? eic(`38ZEE-G9${pad(number, 7)}`) : gsrnOf('474005100009')(number)),
  },
  {
    siteId: 'daugava',
    groups: OTHER_SITE_GROUPS.daugava,
    idPrefix: 'ds',
    clientCodePrefix: 'DS-9',
    meterPrefix: 'LV-NB-',
    countryCode: 'LV',
    biddingZone: 'LV',
    streets: [
      { street: 'Krišjāņa Barona iela', postalCode: 'LV-1011', city: 'Rīga', temperatureArea: 'lv-riga' },
      { street: 'Lielirbes iela', postalCode: 'LV-1046', city: 'Rīga', temperatureArea: 'lv-riga' },
      { street: 'Dubultu prospekts', postalCode: 'LV-2015', city: 'Jūrmala', temperatureArea: 'lv-riga' },
    ],
    code: (utility, number) =>
      utility === 'gas'
        ? eic(`11ZLV-G9${pad(number, 7)}`)
        : utility === 'heating'
          ? eic(`11ZLV-H9${pad(number, 7)}`)
          : gsrnOf('475002100009')(number),
  },
  {
    siteId: 'kallio',
    groups: OTHER_SITE_GROUPS.kallio,
    idPrefix: 'kallio',
    clientCodePrefix: 'KV-9',
    meterPrefix: 'KV-NB-',
    countryCode: 'FI',
    biddingZone: 'FI',
    streets: [fiEspoo('Otaniementie', '02150'), fiEspoo('Leppävaarankatu', '02600'), fiEspoo('Kauklahdenväylä', '02780')],
    code: (_utility, number) => gsrnOf('643001100008')(number),
  },
];

/** A number in [0, 1) from two integers: a multiplicative congruential step twice (integers only, the same everywhere). */
function unit(a: number, b: number): number {
  const first = ((a * 40_503 + b * 7_919 + 1) * 48_271) % 2_147_483_647;
  return ((first * 48_271) % 2_147_483_647) / 2_147_483_647;
}

type Home = {
  siteId: string;
  number: number;
  customerId: string;
  clientCode: string;
  objectId: string;
  street: string;
  postalCode: string;
  city: string;
  countryCode: string;
  temperatureArea: string;
  homeKind: HomeKind;
  heating: Heating;
  floorAreaBand: FloorAreaBand;
};

type Point = {
  siteId: string;
  customerId: string;
  objectId: string;
  pointId: string;
  gsrn: string;
  utility: Utility;
  biddingZone: string;
  meterNumber: string;
  /** What the month's own ±8 % is drawn from: the home's number, apart per utility. */
  noise: number;
  /** Wh of a typical January … December of this point, before each month's own ±8 %. */
  monthWh: number[];
};

/** Electricity keeps decision 123's ids and values (a Lumo demo seeded before stays as it is); gas and heat get their own. */
const UTILITY_PARTS: Record<Utility, { suffix: string; salt: number }> = {
  electricity: { suffix: '', salt: 0 },
  gas: { suffix: '-gas', salt: 1 },
  heating: { suffix: '-heat', salt: 2 },
};

/** Every demo site's neighbouring homes and their points, numbered from 1 in each site. */
export function demoNeighbours(): { homes: Home[]; points: Point[] } {
  const homes: Home[] = [];
  const points: Point[] = [];
  for (const site of SITES) {
    let number = 0;
    for (const group of site.groups) {
      for (let index = 0; index < group.homes; index++) {
        number += 1;
        const padded = pad(number, 4);
        const place = site.streets[number % site.streets.length]!;
        const home: Home = {
          siteId: site.siteId,
          number,
          customerId: uuidOf(`${site.siteId}-neighbour-${number}`),
          clientCode: `${site.clientCodePrefix}${pad(number, 5)}`,
          objectId: `obj-${site.idPrefix}-nb-${padded}`,
          street: `${place.street} ${1 + (number % 97)}`,
          postalCode: place.postalCode,
          city: place.city,
          countryCode: site.countryCode,
          temperatureArea: place.temperatureArea,
          homeKind: group.homeKind,
          heating: group.heating,
          floorAreaBand: group.floorAreaBand,
        };
        homes.push(home);
        for (const [utility, use] of Object.entries(group.use) as [Utility, Use][]) {
          const { suffix, salt } = UTILITY_PARTS[utility];
          // Homes of a group differ by up to ±40 % of its typical year.
          const annualWh = use.annualKwh * 1000 * (0.6 + 0.8 * unit(number, salt));
          const weights = Array.from({ length: 12 }, (_, month) => 1 + use.winterShare * Math.cos((2 * Math.PI * month) / 12));
          const total = weights.reduce((sum, weight) => sum + weight, 0);
          points.push({
            siteId: site.siteId,
            customerId: home.customerId,
            objectId: home.objectId,
            pointId: `mp-${site.idPrefix}-nb-${padded}${suffix}`,
            gsrn: site.code(utility, number),
            utility,
            biddingZone: site.biddingZone,
            meterNumber: `${site.meterPrefix}${padded}${suffix.toUpperCase()}`,
            noise: number + 10_000 * salt,
            monthWh: weights.map((weight) => Math.round((annualWh * weight) / total)),
          });
        }
      }
    }
  }
  return { homes, points };
}

/** A UUID-shaped id from a name, the same on every start. */
function uuidOf(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The demo sites' neighbouring homes and their months from January two years back to the last whole month, in one
 * statement (customers, places, metering points and monthly rollups as data-modifying parts of it); what is there
 * already stays. Also gives the demo customers' own places the register's details where none is known yet (a demo
 * seeded before decision 123). Returns the months written.
 */
export async function seedDemoNeighbours(db: Database, now: Date = new Date()): Promise<number> {
  // Every demo site's clock is on Eastern European time: their months start at the same instant.
  const timezone = 'Europe/Helsinki';
  const last = monthStart(todayIn(timezone, now), -1);
  const first = `${Number(last.slice(0, 4)) - 2}-01-01`;
  const { homes, points } = demoNeighbours();
  // A later start in the same month finds the last point's last month, which the one statement wrote with every other
  // row; a demo seeded when only Lumo had neighbours does not, and gets the other sites' (Lumo's rows stay).
  const [done] = await queryRows<{ found: number }>(
    db,
    sql`select 1 as found from reading_month where metering_point_id = ${points.at(-1)!.pointId} and direction = 'consumption' and month = ${last}::date`,
  );
  if (done) return 0;
  const known = DEMO_OBJECTS.filter((object) => object.home).map((object) => ({ id: object.id, ...object.home }));
  const [row] = await queryRows<{ months: number }>(
    db,
    sql`with homes as (
          select * from jsonb_to_recordset(${JSON.stringify(homes)}::jsonb) as h(
            "siteId" text, "customerId" text, "clientCode" text, "objectId" text, street text, "postalCode" text, city text,
            "countryCode" text, "temperatureArea" text, "homeKind" text, heating text, "floorAreaBand" text)
        ),
        points as (
          select * from jsonb_to_recordset(${JSON.stringify(points)}::jsonb) as p(
            "siteId" text, "customerId" text, "objectId" text, "pointId" text, gsrn text, utility text, "biddingZone" text,
            "meterNumber" text, noise int, "monthWh" jsonb)
        ),
        customers as (
          insert into customer (id, site_id, client_code, type, name)
          select "customerId", "siteId", "clientCode", 'private', "clientCode" from homes
          on conflict do nothing
        ),
        places as (
          insert into supply_object (id, site_id, customer_id, street, postal_code, city, country_code, temperature_area,
                                     home_kind, heating, floor_area_band, home_details_source)
          select "objectId", "siteId", "customerId", street, "postalCode", city, "countryCode", "temperatureArea",
                 "homeKind", heating, "floorAreaBand", 'register' from homes
          on conflict do nothing
        ),
        meters as (
          insert into metering_point (id, site_id, customer_id, object_id, gsrn, utility, usage_point_kind, bidding_zone,
                                      resolution_minutes, meter_number)
          select "pointId", "siteId", "customerId", "objectId", gsrn, utility, 'UsagePoint', "biddingZone", 60, "meterNumber" from points
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
          select p."pointId", 'consumption', m.month,
                 -- The month's own ±8 %: integers only, so every database writes the same Wh.
                 ("monthWh"->>(extract(month from m.month)::int - 1))::bigint
                   * (920 + ((((p.noise::bigint * 40503 + extract(year from m.month)::int * 12 + extract(month from m.month)::int) * 48271)
                              % 2147483647) * 48271 % 2147483647) % 161) / 1000,
                 1, 0
          from points p
          cross join generate_series(${first}::date, ${last}::date, interval '1 month') as m(month)
          on conflict do nothing
          returning 1
        )
        select count(*)::int as months from written`,
  );
  return row?.months ?? 0;
}
