import type { Database } from '../../platform/database.ts';
import { gridUsagePoint } from '../schema/grid.ts';
import { DEMO_OBJECTS, eic, gsrn } from './demo-energy-catalogue.ts';

type GridPoint = typeof gridUsagePoint.$inferInsert;

/** The EIC the Estonian datahub gives an electricity point: 38ZEE-, eight digits, a hyphen and the check character. */
const estonianEic = (digits8: string) => eic(`38ZEE-${digits8}-`);

/** Places of the demo grids where nobody of the demo is supplied yet: where a newcomer signs a first contract. */
const VACANT: (Omit<GridPoint, 'resolutionMinutes' | 'datahubEic'> & { datahubEic?: string })[] = [
  {
    id: 'gp-lumo-kalevankatu-el',
    siteId: 'lumo',
    objectId: 'go-lumo-kalevankatu-31-a-5',
    code: gsrn('64300110000102233'),
    utility: 'electricity',
    usagePointKind: 'UsagePoint',
    biddingZone: 'FI',
    meterNumber: 'KAM-8840211',
    street: 'Kalevankatu 31 A 5',
    postalCode: '00100',
    city: 'Helsinki',
    countryCode: 'FI',
    temperatureArea: 'fi-espoo',
  },
  {
    id: 'gp-lumo-puutarhakatu-el',
    siteId: 'lumo',
    objectId: 'go-lumo-puutarhakatu-9',
    code: gsrn('64300110000110046'),
    utility: 'electricity',
    usagePointKind: 'UsagePoint',
    biddingZone: 'FI',
    meterNumber: 'ABB-2231904',
    street: 'Puutarhakatu 9',
    postalCode: '20100',
    city: 'Turku',
    countryCode: 'FI',
    temperatureArea: 'fi-tampere',
  },
  {
    id: 'gp-ve-vana-kalamaja-el',
    siteId: 'virmalise',
    objectId: 'go-ve-vana-kalamaja-22-3',
    code: gsrn('47400510000060012'),
    datahubEic: estonianEic('00060012'),
    utility: 'electricity',
    usagePointKind: 'UsagePoint',
    biddingZone: 'EE',
    meterNumber: 'EE-LGZ-882114',
    street: 'Vana-Kalamaja 22-3',
    postalCode: '10414',
    city: 'Tallinn',
    countryCode: 'EE',
    temperatureArea: 'ee-tallinn',
  },
  {
    id: 'gp-ds-terbatas-heat',
    siteId: 'daugava',
    objectId: 'go-ds-terbatas-41-7',
    code: eic('11ZLV-H00050077'),
    utility: 'heating',
    usagePointKind: 'UsagePoint',
    biddingZone: 'LV',
    meterNumber: 'KAM-LV-460031',
    street: 'Tērbatas iela 41-7',
    postalCode: 'LV-1011',
    city: 'Rīga',
    countryCode: 'LV',
    temperatureArea: 'lv-riga',
  },
];

/** Every demo point, the demo customers' own included: the register knows every point of the grid area. */
export function demoGridPoints(): GridPoint[] {
  const supplied = DEMO_OBJECTS.flatMap((object) =>
    object.meters.map((meter): GridPoint => ({
      id: `gp-${meter.id.replace(/^mp-/, '')}`,
      siteId: object.siteId,
      objectId: object.id,
      code: meter.code,
      // Estonian electricity points: the datahub's EIC from the GSRN's serial digits.
      datahubEic: object.countryCode === 'EE' && meter.utility === 'electricity' ? estonianEic(meter.code.slice(9, 17)) : null,
      utility: meter.utility,
      usagePointKind: meter.usagePointKind,
      biddingZone: meter.zone,
      resolutionMinutes: meter.fiveMinuteDays ? 5 : meter.quarterHourDays ? 15 : 60,
      meterNumber: meter.meterNumber,
      street: object.street,
      postalCode: object.postalCode,
      city: object.city,
      countryCode: object.countryCode,
      temperatureArea: object.area,
    })),
  );
  return [...supplied, ...VACANT.map((point) => ({ ...point, datahubEic: point.datahubEic ?? null, resolutionMinutes: 60 }))];
}

/** Fills the demo sites' grid registers once; points already there are left as they are. */
export async function seedDemoGrid(db: Database): Promise<void> {
  await db.insert(gridUsagePoint).values(demoGridPoints()).onConflictDoNothing();
}
