import { and, eq } from 'drizzle-orm';
import type { OfferVisibility, PriceComponentKind, PriceType, Utility } from '@portal/schema/enums';
import type { Database } from '../../platform/database.ts';
import { customer } from '../schema/identity.ts';
import { product, productPriceComponent } from '../schema/products.ts';

type DemoProduct = {
  id: string;
  siteId: string;
  code: string;
  name: string;
  description: string;
  utility: Utility;
  priceType: PriceType;
  productGroup: string;
  visibility: OfferVisibility;
  targetGroup?: 'private' | 'legal';
  /** Client code of the one customer a Personal product is for. */
  personalClientCode?: string;
  campaignCode?: string;
  termMonths?: number;
  components: { kind: PriceComponentKind; unit: 'c/kWh' | 'c/month' | 'c/year' | 'c/kW'; priceCents: string; thresholdKw?: string }[];
};

const kwh = (kind: PriceComponentKind, priceCents: string) => ({ kind, unit: 'c/kWh' as const, priceCents });
const month = (priceCents: string) => ({ kind: 'Monthly' as const, unit: 'c/month' as const, priceCents });
/** The power charge (decision 119): c/kW a month of the month's peak hour above the threshold. */
const powerCharge = (priceCents: string, thresholdKw: string) => ({
  kind: 'Power' as const,
  unit: 'c/kW' as const,
  priceCents,
  thresholdKw,
});

/**
 * Kallio Verkot's network products as Finnish distribution companies sell them (VAT excluded; electricity tax is
 * not the portal's). The seasonal product (Kausisiirto) charges its winter rate in winter weekday daytime,
 * 1 November – 31 March, Monday to Saturday 07:00–22:00 Finnish time (DayWinter, decision 129), and its other-time
 * rate at every other hour: winter nights and Sundays (NightWinter) and all of April to October (Day and Night).
 */
export const KALLIO_GRID_PRODUCTS = {
  general: [month('1590.00000'), kwh('Base', '3.20000')],
  nightTime: [month('2290.00000'), kwh('Day', '3.90000'), kwh('Night', '2.10000')],
  seasonal: [
    month('2290.00000'),
    kwh('Day', '2.10000'),
    kwh('Night', '2.10000'),
    kwh('DayWinter', '4.90000'),
    kwh('NightWinter', '2.10000'),
  ],
  power: [month('1290.00000'), kwh('Base', '2.40000'), powerCharge('410.00000', '8.000')],
};

/** Each site's catalogue, one product of every visibility (spec §3), so offers and the product calls show each rule. */
export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    id: 'pr-lumo-porssi',
    siteId: 'lumo',
    code: 'LUMO-PORSSI',
    name: 'Lumo Pörssi',
    description: 'Pörssisähkö tunneittain tai varteittain, pieni marginaali.',
    utility: 'electricity',
    priceType: 'Hourly',
    productGroup: 'spot',
    visibility: 'Public',
    components: [kwh('Margin', '0.49000'), month('395.00000')],
  },
  {
    id: 'pr-lumo-kiintea-12',
    siteId: 'lumo',
    code: 'LUMO-KIINTEA-12',
    name: 'Lumo Kiinteä 12 kk',
    description: 'Sama hinta joka tunti vuoden ajan.',
    utility: 'electricity',
    priceType: 'Fixed',
    productGroup: 'fixed',
    visibility: 'Public',
    termMonths: 12,
    components: [kwh('Base', '8.29000'), month('295.00000')],
  },
  {
    id: 'pr-lumo-porssi-katto',
    siteId: 'lumo',
    code: 'LUMO-PORSSI-KATTO',
    name: 'Lumo Pörssi Katto',
    description: 'Pörssisähkö, jonka hinta ei nouse yli 15 snt/kWh eikä laske alle 1 snt/kWh.',
    utility: 'electricity',
    priceType: 'FixedHourlyWithPriceLimits',
    productGroup: 'spot',
    visibility: 'Personal',
    personalClientCode: 'LUMO-100001',
    termMonths: 24,
    components: [kwh('Margin', '0.79000'), kwh('Floor', '1.00000'), kwh('Ceiling', '15.00000'), month('395.00000')],
  },
  {
    id: 'pr-lumo-yritys-kausi',
    siteId: 'lumo',
    code: 'LUMO-YRITYS-KAUSI',
    name: 'Lumo Yritys Kausi',
    description: 'Kausisähkö yrityksille: talviarkipäivä ja muu aika.',
    utility: 'electricity',
    priceType: 'Fixed',
    productGroup: 'fixed',
    visibility: 'TargetGroup',
    targetGroup: 'legal',
    termMonths: 12,
    components: [
      kwh('Day', '8.40000'),
      kwh('Night', '7.10000'),
      kwh('DayWinter', '10.90000'),
      kwh('NightWinter', '7.90000'),
      month('990.00000'),
    ],
  },
  {
    id: 'pr-lumo-syksy',
    siteId: 'lumo',
    code: 'LUMO-SYKSY-2026',
    name: 'Lumo Syksy 2026',
    description: 'Kampanjahinta kampanjakoodilla.',
    utility: 'electricity',
    priceType: 'Fixed',
    productGroup: 'fixed',
    visibility: 'CampaignCode',
    campaignCode: 'SYKSY2026',
    termMonths: 12,
    components: [kwh('Base', '7.49000'), { kind: 'YearlyCost', unit: 'c/year', priceCents: '2400.00000' }],
  },
  {
    id: 'pr-lumo-tuulivoima',
    siteId: 'lumo',
    code: 'LUMO-TUULIVOIMA',
    name: 'Tuulivoima',
    description: 'Lisä: sähkösi alkuperä tuulivoimaa, alkuperätakuilla.',
    utility: 'electricity',
    priceType: 'Service',
    productGroup: 'addon',
    visibility: 'Public',
    components: [kwh('Base', '0.25000')],
  },
  {
    id: 'pr-virmalise-fix-24',
    siteId: 'virmalise',
    code: 'VIRMALISE-FIX-24',
    name: 'Virmalise Fix 24',
    description: 'Fikseeritud hind kaheks aastaks.',
    utility: 'electricity',
    priceType: 'Fixed',
    productGroup: 'fixed',
    visibility: 'Public',
    termMonths: 24,
    components: [kwh('Base', '11.20000'), month('199.00000')],
  },
  {
    id: 'pr-virmalise-bors-ari',
    siteId: 'virmalise',
    code: 'VIRMALISE-BORS-ARI',
    name: 'Virmalise Börs Äri',
    description: 'Börsihind ettevõtetele, väike marginaal.',
    utility: 'electricity',
    priceType: 'Hourly',
    productGroup: 'spot',
    visibility: 'TargetGroup',
    targetGroup: 'legal',
    components: [kwh('Margin', '0.45000'), month('499.00000')],
  },
  {
    id: 'pr-daugava-siltums',
    siteId: 'daugava',
    code: 'DAUGAVA-SILTUMS',
    name: 'Daugavas Siltums Tīkls',
    description: 'Siltumenerģijas piegāde un tīkla pakalpojums.',
    utility: 'heating',
    priceType: 'Fixed',
    productGroup: 'grid',
    visibility: 'Public',
    components: [kwh('Base', '8.90000'), month('250.00000')],
  },
  {
    id: 'pr-daugava-fiksets',
    siteId: 'daugava',
    code: 'DAUGAVA-FIKSETS-12',
    name: 'Daugava Fiksētā 12',
    description: 'Fiksēta cena uz 12 mēnešiem.',
    utility: 'electricity',
    priceType: 'Fixed',
    productGroup: 'fixed',
    visibility: 'Public',
    termMonths: 12,
    components: [kwh('Base', '12.40000'), month('200.00000')],
  },
  {
    id: 'pr-kallio-yleis',
    siteId: 'kallio',
    code: 'KV-YLEIS',
    name: 'Yleissiirto',
    description: 'Sama siirtohinta vuorokauden ja vuoden ympäri.',
    utility: 'electricity',
    priceType: 'Fixed',
    productGroup: 'grid',
    visibility: 'Public',
    components: KALLIO_GRID_PRODUCTS.general,
  },
  {
    id: 'pr-kallio-yo',
    siteId: 'kallio',
    code: 'KV-YO',
    name: 'Yösiirto',
    description: 'Halvempi siirto yöllä klo 22–7: sähkölämmittäjille ja yöllä lataaville.',
    utility: 'electricity',
    priceType: 'Fixed',
    productGroup: 'grid',
    visibility: 'Public',
    components: KALLIO_GRID_PRODUCTS.nightTime,
  },
  {
    id: 'pr-kallio-kausi',
    siteId: 'kallio',
    code: 'KV-KAUSI',
    name: 'Kausisiirto',
    description: 'Talviarkipäivän siirto (1.11.–31.3. ma–la klo 7–22) kalliimpi, muu aika (yöt, sunnuntait ja huhti–lokakuu) edullinen.',
    utility: 'electricity',
    priceType: 'Fixed',
    productGroup: 'grid',
    visibility: 'Public',
    components: KALLIO_GRID_PRODUCTS.seasonal,
  },
  {
    id: 'pr-kallio-teho',
    siteId: 'kallio',
    code: 'KV-TEHO',
    name: 'Tehosiirto',
    description: 'Pienempi perusmaksu ja siirtohinta; tehomaksu kuukauden suurimman tuntitehon 8 kW ylittävältä osalta.',
    utility: 'electricity',
    priceType: 'Fixed',
    productGroup: 'grid',
    visibility: 'Public',
    components: KALLIO_GRID_PRODUCTS.power,
  },
];

/** Inserts the demo catalogue once; products already there are left as they are. */
export async function seedDemoProducts(db: Database, products: DemoProduct[] = DEMO_PRODUCTS): Promise<number> {
  let created = 0;
  await db.transaction(async (tx) => {
    for (const demo of products) {
      let personalCustomerId: string | null = null;
      if (demo.personalClientCode) {
        const [owner] = await tx
          .select({ id: customer.id })
          .from(customer)
          .where(and(eq(customer.siteId, demo.siteId), eq(customer.clientCode, demo.personalClientCode)));
        if (!owner) continue;
        personalCustomerId = owner.id;
      }
      const inserted = await tx
        .insert(product)
        .values({
          id: demo.id,
          siteId: demo.siteId,
          code: demo.code,
          name: demo.name,
          description: demo.description,
          utility: demo.utility,
          priceType: demo.priceType,
          productGroup: demo.productGroup,
          visibility: demo.visibility,
          targetGroup: demo.targetGroup ?? null,
          personalCustomerId,
          campaignCode: demo.campaignCode ?? null,
          termMonths: demo.termMonths ?? null,
          availableFrom: '2024-01-01',
          availableTo: null,
        })
        .onConflictDoNothing()
        .returning({ id: product.id });
      if (inserted.length === 0) continue;
      created += 1;
      await tx.insert(productPriceComponent).values(demo.components.map((component) => ({ productId: demo.id, ...component })));
    }
  });
  return created;
}
