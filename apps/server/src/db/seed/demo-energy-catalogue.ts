import type { BillingChannelKind, ContractType, PriceComponentKind, PriceType, UsagePointKind } from '@portal/schema/enums';
import type { FloorAreaBand, Heating, HomeKind } from '@portal/schema/homes-comparison';
import { KALLIO_GRID_PRODUCTS } from './demo-products.ts';
import type { LoadProfile } from './energy-profiles.ts';

/**
 * What the demo customers have: objects with addresses in their own country, metering points with valid
 * check characters (GSRN for electricity, EIC for gas and district heat) and contracts with the price
 * components of spec §3: spot + margin, fixed, day/night, monthly fees.
 */

/** GS1 check digit of an 18-digit GSRN (weights 3,1,3,… from the right). */
export function gsrn(body17: string): string {
  if (!/^\d{17}$/.test(body17)) throw new Error(`GSRN body must be 17 digits: ${body17}`);
  const sum = [...body17].reverse().reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 3 : 1), 0);
  return `${body17}${(10 - (sum % 10)) % 10}`;
}

const EIC_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-';
/** ENTSO-E EIC check character of a 16-character code: weights 16…2 over the first 15, modulo 37. */
export function eic(body15: string): string {
  if (!/^[0-9A-Z-]{15}$/.test(body15)) throw new Error(`EIC body must be 15 characters: ${body15}`);
  const sum = [...body15].reduce((total, character, index) => total + EIC_ALPHABET.indexOf(character) * (16 - index), 0);
  return `${body15}${EIC_ALPHABET[36 - ((sum - 1) % 37)]}`;
}

export type DemoComponent = {
  kind: PriceComponentKind;
  unit: 'c/kWh' | 'c/month' | 'c/kW';
  priceCents: string;
  /** Power charge: kW of the peak left free (decision 119). */
  thresholdKw?: string;
  validFrom?: string;
  validTo?: string;
};

export type DemoMeter = {
  id: string;
  utility: 'electricity' | 'gas' | 'heating';
  code: string;
  meterNumber: string;
  usagePointKind: UsagePointKind;
  zone: 'FI' | 'EE' | 'LV';
  profile: LoadProfile;
  solarKwp?: number;
  /** Days before now with 15- and 5-minute intervals (the rest is hourly). */
  quarterHourDays?: number;
  fiveMinuteDays?: number;
  /** Intervals the grid operator never delivered: [days ago start, hours long]. */
  gap?: [number, number];
  /** Intervals estimated by the operator: [days ago start, days long]. */
  estimated?: [number, number];
  /** The register is read by hand; the customer enters its readings (docs/decisions/112). */
  readByHand?: boolean;
  /**
   * The same physical meter as another site's metering point (its id): the network operator measures it and the
   * retailer is sent the same values, so both sites' readings are one story (issue 29).
   */
  readingsOf?: string;
  contract: {
    number: string;
    type: ContractType;
    productName: string;
    priceType: PriceType;
    components: DemoComponent[];
    /** Fixed term in months; none for a contract until further notice. */
    termMonths?: number;
    /** Where invoices go; by post to the object's address when not given. */
    billing?: { channel: BillingChannelKind; target: string; operator?: string };
    /** A contract the same point had before the history starts, ended the day before this one began. */
    previous?: { number: string; productName: string; priceType: PriceType; years: number; components: DemoComponent[] };
  };
};

export type DemoObject = {
  id: string;
  siteId: string;
  clientCode: string;
  street: string;
  postalCode: string;
  city: string;
  countryCode: 'FI' | 'EE' | 'LV';
  area: string;
  /** What the building register says of the home (decision 123); none for a place that is not a home. */
  home?: { homeKind: HomeKind; heating: Heating; floorAreaBand: FloorAreaBand };
  meters: DemoMeter[];
};

const monthly = (priceCents: string): DemoComponent => ({ kind: 'Monthly', unit: 'c/month', priceCents });
const perKwh = (kind: PriceComponentKind, priceCents: string, validFrom?: string, validTo?: string): DemoComponent => ({
  kind,
  unit: 'c/kWh',
  priceCents,
  validFrom,
  validTo,
});

const SITE_OBJECTS: DemoObject[] = [
  {
    id: 'obj-lumo-aino-home',
    siteId: 'lumo',
    clientCode: 'LUMO-100001',
    street: 'Kuusikallionkuja 7',
    postalCode: '02210',
    city: 'Espoo',
    countryCode: 'FI',
    area: 'fi-espoo',
    home: { homeKind: 'detached', heating: 'heat-pump', floorAreaBand: '150-200' },
    meters: [
      {
        id: 'mp-lumo-aino-el',
        utility: 'electricity',
        code: gsrn('64300110000054321'),
        meterNumber: 'KAM-7731042',
        usagePointKind: 'MicrogenerationSite',
        zone: 'FI',
        profile: 'electric-heated-house',
        solarKwp: 8.2,
        quarterHourDays: 120,
        fiveMinuteDays: 7,
        contract: {
          number: 'LE-2024-100731',
          type: 'SupplyContract',
          productName: 'Lumo Pörssi',
          priceType: 'Hourly',
          billing: { channel: 'Email', target: 'aino.virtanen@example.fi' },
          previous: {
            number: 'LE-2021-004512',
            productName: 'Lumo Perus',
            priceType: 'Fixed',
            years: 3,
            components: [perKwh('Base', '6.35000'), monthly('350.00000')],
          },
          components: [perKwh('Margin', '0.49000'), monthly('395.00000')],
        },
      },
    ],
  },
  {
    id: 'obj-lumo-mikko-flat',
    siteId: 'lumo',
    clientCode: 'LUMO-100002',
    street: 'Hämeenkatu 21 B 14',
    postalCode: '33200',
    city: 'Tampere',
    countryCode: 'FI',
    area: 'fi-tampere',
    home: { homeKind: 'apartment', heating: 'district', floorAreaBand: '50-80' },
    meters: [
      {
        id: 'mp-lumo-mikko-el',
        utility: 'electricity',
        code: gsrn('64300110000061874'),
        meterNumber: 'ABB-2209815',
        usagePointKind: 'UsagePoint',
        zone: 'FI',
        profile: 'flat',
        gap: [40, 6],
        contract: {
          number: 'LE-2024-100842',
          type: 'SupplyContract',
          productName: 'Lumo Kiinteä 24 kk',
          priceType: 'Fixed',
          termMonths: 24,
          components: [
            perKwh('Base', '7.49000', '2024-01-01', '2025-05-31'),
            perKwh('Base', '8.99000', '2025-06-01'),
            monthly('295.00000'),
          ],
        },
      },
    ],
  },
  {
    id: 'obj-lumo-mikko-cottage',
    siteId: 'lumo',
    clientCode: 'LUMO-100002',
    street: 'Mökkitie 3',
    postalCode: '41800',
    city: 'Korpilahti',
    countryCode: 'FI',
    area: 'fi-jyvaskyla',
    home: { homeKind: 'holiday-home', heating: 'electric', floorAreaBand: '50-80' },
    meters: [
      {
        id: 'mp-lumo-mikko-cottage-el',
        utility: 'electricity',
        code: gsrn('64300110000078215'),
        meterNumber: 'ABB-2210377',
        usagePointKind: 'UsagePoint',
        zone: 'FI',
        profile: 'summer-cottage',
        contract: {
          number: 'LE-2024-100843',
          type: 'SupplyContract',
          productName: 'Lumo Yösähkö',
          priceType: 'Fixed',
          components: [perKwh('Day', '9.20000'), perKwh('Night', '6.70000'), monthly('490.00000')],
        },
      },
    ],
  },
  {
    id: 'obj-lumo-revontuli-sauna',
    siteId: 'lumo',
    clientCode: 'LUMO-200001',
    street: 'Rantakatu 12',
    postalCode: '96100',
    city: 'Rovaniemi',
    countryCode: 'FI',
    area: 'fi-rovaniemi',
    meters: [
      {
        id: 'mp-lumo-revontuli-el',
        utility: 'electricity',
        code: gsrn('64300110000090442'),
        meterNumber: 'LGZ-5530981',
        usagePointKind: 'TechAndUsagePoint',
        zone: 'FI',
        profile: 'public-sauna',
        quarterHourDays: 60,
        gap: [75, 24],
        contract: {
          number: 'LE-2024-200115',
          type: 'SupplyContract',
          productName: 'Lumo Yritys Pörssi',
          priceType: 'Hourly',
          billing: { channel: 'OVT', target: '003712345671', operator: 'Maventa (003721291126)' },
          components: [perKwh('Margin', '0.35000'), monthly('990.00000')],
        },
      },
    ],
  },
  {
    id: 'obj-ve-mari-liis-home',
    siteId: 'virmalise',
    clientCode: 'VE-500101',
    street: 'Tammelinna 14',
    postalCode: '50105',
    city: 'Tartu',
    countryCode: 'EE',
    area: 'ee-tartu',
    home: { homeKind: 'detached', heating: 'gas', floorAreaBand: '120-150' },
    meters: [
      {
        id: 'mp-ve-mari-liis-el',
        utility: 'electricity',
        code: gsrn('47400510000032185'),
        meterNumber: 'EE-LGZ-880214',
        usagePointKind: 'MicrogenerationSite',
        zone: 'EE',
        profile: 'house',
        solarKwp: 6.4,
        contract: {
          number: 'VE-E-2024-004411',
          type: 'SupplyContract',
          productName: 'Virmalise Börs',
          priceType: 'Hourly',
          billing: { channel: 'Email', target: 'mari-liis.mannik@example.ee' },
          components: [perKwh('Margin', '0.55000'), monthly('249.00000')],
        },
      },
      {
        id: 'mp-ve-mari-liis-gas',
        utility: 'gas',
        code: eic('38ZEE-G00045121'),
        meterNumber: 'GAS-EE-113045',
        usagePointKind: 'UsagePoint',
        zone: 'EE',
        profile: 'gas-heated-house',
        contract: {
          number: 'VE-G-2024-001208',
          type: 'GasSupplyContract',
          productName: 'Virmalise Gaas Fix',
          priceType: 'Fixed',
          components: [perKwh('Base', '5.80000'), monthly('300.00000')],
        },
      },
    ],
  },
  {
    id: 'obj-ve-jaan-flat',
    siteId: 'virmalise',
    clientCode: 'VE-500102',
    street: 'Pärnu mnt 102-15',
    postalCode: '11312',
    city: 'Tallinn',
    countryCode: 'EE',
    area: 'ee-tallinn',
    home: { homeKind: 'apartment', heating: 'district', floorAreaBand: '50-80' },
    meters: [
      {
        id: 'mp-ve-jaan-el',
        utility: 'electricity',
        code: gsrn('47400510000047719'),
        meterNumber: 'EE-LGZ-880377',
        usagePointKind: 'UsagePoint',
        zone: 'EE',
        profile: 'flat',
        estimated: [21, 3],
        contract: {
          number: 'VE-E-2024-004590',
          type: 'SupplyContract',
          productName: 'Virmalise Fix 12',
          priceType: 'Fixed',
          termMonths: 12,
          billing: { channel: 'EInvoiceRequest', target: 'EE471000001020145685', operator: 'LHV Pank' },
          components: [perKwh('Base', '11.90000'), monthly('199.00000')],
        },
      },
    ],
  },
  {
    id: 'obj-ve-kase-kodu',
    siteId: 'virmalise',
    clientCode: 'VE-700201',
    street: 'Kase tn 4',
    postalCode: '10137',
    city: 'Tallinn',
    countryCode: 'EE',
    area: 'ee-tallinn',
    meters: [
      {
        id: 'mp-ve-kase-el',
        utility: 'electricity',
        code: gsrn('47400510000051236'),
        meterNumber: 'EE-LGZ-881020',
        usagePointKind: 'UsagePoint',
        zone: 'EE',
        profile: 'common-areas',
        contract: {
          number: 'VE-E-2024-007702',
          type: 'SupplyContract',
          productName: 'Virmalise Päev/Öö',
          priceType: 'Fixed',
          components: [perKwh('Day', '13.20000'), perKwh('Night', '9.40000'), monthly('500.00000')],
        },
      },
      {
        id: 'mp-ve-kase-gas',
        utility: 'gas',
        code: eic('38ZEE-G00051990'),
        meterNumber: 'GAS-EE-120677',
        usagePointKind: 'TechAndUsagePoint',
        zone: 'EE',
        profile: 'gas-boiler-house',
        contract: {
          number: 'VE-G-2024-001377',
          type: 'GasSupplyContract',
          productName: 'Virmalise Gaas Äri',
          priceType: 'Fixed',
          components: [perKwh('Base', '5.40000'), monthly('1500.00000')],
        },
      },
    ],
  },
  {
    id: 'obj-ds-anna-flat',
    siteId: 'daugava',
    clientCode: 'DS-300501',
    street: 'Brīvības iela 88-12',
    postalCode: 'LV-1001',
    city: 'Rīga',
    countryCode: 'LV',
    area: 'lv-riga',
    home: { homeKind: 'apartment', heating: 'district', floorAreaBand: '50-80' },
    meters: [
      {
        id: 'mp-ds-anna-heat',
        utility: 'heating',
        code: eic('11ZLV-H00031207'),
        meterNumber: 'KAM-LV-440912',
        usagePointKind: 'UsagePoint',
        zone: 'LV',
        readByHand: true,
        profile: 'district-heat-flat',
        estimated: [100, 2],
        contract: {
          number: 'DS-H-2024-018822',
          type: 'HeatingGridContract',
          productName: 'Daugavas Siltums Mājsaimniecībām',
          priceType: 'Fixed',
          components: [perKwh('Base', '8.90000'), monthly('250.00000')],
        },
      },
    ],
  },
  {
    id: 'obj-ds-janis-house',
    siteId: 'daugava',
    clientCode: 'DS-300502',
    street: 'Jūras iela 21',
    postalCode: 'LV-2015',
    city: 'Jūrmala',
    countryCode: 'LV',
    area: 'lv-riga',
    home: { homeKind: 'detached', heating: 'gas', floorAreaBand: '150-200' },
    meters: [
      {
        id: 'mp-ds-janis-el',
        utility: 'electricity',
        code: gsrn('47500210000018840'),
        meterNumber: 'LV-ELG-301774',
        usagePointKind: 'MicrogenerationSite',
        zone: 'LV',
        profile: 'house',
        solarKwp: 7.0,
        contract: {
          number: 'DS-E-2024-002315',
          type: 'SupplyContract',
          productName: 'Daugava Birža',
          priceType: 'Hourly',
          billing: { channel: 'Email', target: 'janis.ozolins@example.lv' },
          components: [perKwh('Margin', '0.60000'), monthly('200.00000')],
        },
      },
      {
        id: 'mp-ds-janis-gas',
        utility: 'gas',
        code: eic('11ZLV-G00022458'),
        meterNumber: 'GAS-LV-771203',
        usagePointKind: 'UsagePoint',
        zone: 'LV',
        readByHand: true,
        profile: 'gas-heated-house',
        contract: {
          number: 'DS-G-2024-009120',
          type: 'GasSupplyContract',
          productName: 'Daugava Gāze Fiksētā',
          priceType: 'Fixed',
          components: [perKwh('Base', '6.20000'), monthly('400.00000')],
        },
      },
    ],
  },
  {
    id: 'obj-ds-ozolu-nami',
    siteId: 'daugava',
    clientCode: 'DS-800301',
    street: 'Ozolu iela 7',
    postalCode: 'LV-1058',
    city: 'Rīga',
    countryCode: 'LV',
    area: 'lv-riga',
    meters: [
      {
        id: 'mp-ds-ozolu-heat',
        utility: 'heating',
        code: eic('11ZLV-H00040811'),
        meterNumber: 'KAM-LV-452260',
        usagePointKind: 'TechAndUsagePoint',
        zone: 'LV',
        readByHand: true,
        profile: 'district-heat-building',
        contract: {
          number: 'DS-H-2024-020471',
          type: 'HeatingGridContract',
          productName: 'Daugavas Siltums Uzņēmumiem',
          priceType: 'Fixed',
          components: [perKwh('Base', '8.50000'), monthly('4500.00000')],
        },
      },
    ],
  },
];

/**
 * Kallio Verkot's side of Lumo's customers' places (issue 29): the same objects and metering points (GSRN, meter,
 * readings) under the network operator's own ids, each with the grid contract the operator sells there.
 */
function networkSideOf(lumoObjectId: string, clientCode: string, contract: DemoMeter['contract']): DemoObject {
  const lumo = SITE_OBJECTS.find((object) => object.id === lumoObjectId)!;
  return {
    ...lumo,
    id: lumo.id.replace('obj-lumo-', 'obj-kallio-'),
    siteId: 'kallio',
    clientCode,
    meters: lumo.meters.map((meter) => ({ ...meter, id: meter.id.replace('mp-lumo-', 'mp-kallio-'), readingsOf: meter.id, contract })),
  };
}

export const DEMO_OBJECTS: DemoObject[] = [
  ...SITE_OBJECTS,
  // The house with the heat pump, the car charging at night and the sauna on Fridays: winter peaks above 8 kW.
  networkSideOf('obj-lumo-aino-home', 'KV-400101', {
    number: 'KV-2024-400731',
    type: 'GridContract',
    productName: 'Tehosiirto',
    priceType: 'Fixed',
    billing: { channel: 'Email', target: 'aino.virtanen@example.fi' },
    components: KALLIO_GRID_PRODUCTS.power,
  }),
  networkSideOf('obj-lumo-mikko-cottage', 'KV-400102', {
    number: 'KV-2024-400843',
    type: 'GridContract',
    productName: 'Yleissiirto',
    priceType: 'Fixed',
    components: KALLIO_GRID_PRODUCTS.general,
  }),
  networkSideOf('obj-lumo-revontuli-sauna', 'KV-400201', {
    number: 'KV-2024-400115',
    type: 'GridContract',
    productName: 'Kausisiirto',
    priceType: 'Fixed',
    billing: { channel: 'OVT', target: '003712345671', operator: 'Maventa (003721291126)' },
    components: KALLIO_GRID_PRODUCTS.seasonal,
  }),
];
