import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LOCALE_IDS, LOCALE_NAMES } from '@portal/schema/locale-ids';
import { feedbackForm } from '../schema/feedback.ts';
import { locale, site, siteDomain, siteExternalService, siteFeature, siteLocale, siteMetaField, sitePayee } from '../schema/sites.ts';
import type { Database } from '../../platform/database.ts';
import { seedDemoAnnouncements } from './demo-announcements.ts';
import { seedDemoEnergy } from './demo-energy.ts';
import { seedDemoGrid } from './demo-grid.ts';
import { seedDemoIdentities } from './demo-identities.ts';
import { seedDemoInvoices } from './demo-invoices.ts';
import { seedDemoMeterReadings } from './demo-meter-readings.ts';
import { seedDemoNeighbours } from './demo-neighbours.ts';
import { seedDemoOutages } from './demo-outages.ts';
import { seedDemoPower } from './demo-power.ts';
import { seedDemoProducts } from './demo-products.ts';
import { seedDemoSupport } from './demo-support.ts';
import { seedDemoSystemClients } from './demo-system-clients.ts';
import { DEMO_SITES, type DemoSite } from './demo-sites.ts';

/**
 * Seeds the demo sites into an empty database and leaves an existing site as it is, so that
 * restarting never undoes what an admin changed. The same input always gives the same rows.
 */
export async function seedDemoData(
  db: Database,
  {
    idpIssuer,
    energyHistory = true,
    log,
  }: {
    idpIssuer: string;
    /** Two years of readings and prices; tests leave it out. */
    energyHistory?: boolean;
    /** Progress of a first start, which loads for tens of seconds. */
    log?: Pick<FastifyBaseLogger, 'info'>;
  },
): Promise<void> {
  await db
    .insert(locale)
    .values(LOCALE_IDS.map((id) => ({ id, name: LOCALE_NAMES[id] })))
    .onConflictDoNothing();
  let sites = 0;
  for (const demo of DEMO_SITES) if (await seedSite(db, demo)) sites += 1;
  // Also for a demo seeded before sites had payee details; a row an administrator saved stays as it is.
  await db
    .insert(sitePayee)
    .values(DEMO_SITES.map((demo) => ({ siteId: demo.id, ...demo.payee })))
    .onConflictDoNothing();
  const identities = await seedDemoIdentities(db, idpIssuer);
  const newProducts = await seedDemoProducts(db);
  await seedDemoGrid(db);
  await seedDemoSupport(db);
  await seedDemoAnnouncements(db);
  await seedDemoSystemClients(db);
  log?.info(
    { newSites: sites, newPeople: identities.people, newCustomers: identities.customers, newProducts },
    'demo sites and people in place',
  );
  if (energyHistory) {
    log?.info('topping up demo energy data to now (the first start loads two years of readings and prices)');
    const energy = await seedDemoEnergy(db);
    // The other homes of Lumo's grid area, with monthly consumption only, for "homes like mine" (decision 123).
    const neighbours = Date.now();
    const neighbourMonths = await seedDemoNeighbours(db);
    log?.info(
      {
        readings: energy.readings,
        spotPrices: energy.spotPrices,
        temperatures: energy.temperatures,
        ms: energy.milliseconds,
        neighbourMonths,
        neighbourMs: Date.now() - neighbours,
      },
      'demo energy data in place',
    );
    await seedDemoPower(db);
    // Past register readings of the hand-read gas and heat meters, from the readings just seeded (decision 112).
    await seedDemoMeterReadings(db);
    // Outages as the local outage feed has them now, the meters' earlier events and outage contacts.
    await seedDemoOutages(db);
    // Invoices are computed from the readings and prices just seeded. Not inside `log?.info(…)`: without a log,
    // optional chaining skips the call's arguments too, and no invoice was seeded.
    const newInvoices = await seedDemoInvoices(db);
    log?.info({ newInvoices }, 'demo invoices in place');
  }
}

/**
 * Whether an earlier start has seeded the demo: every demo site is there. Such a start can answer at once and
 * top the demo up behind it (docs/decisions/084); a first start seeds before it listens.
 */
export async function demoSeeded(db: Database): Promise<boolean> {
  const found = await db
    .select({ id: site.id })
    .from(site)
    .where(
      inArray(
        site.id,
        DEMO_SITES.map((demo) => demo.id),
      ),
    );
  return found.length === DEMO_SITES.length;
}

/** Whether the site was new. */
async function seedSite(db: Database, demo: DemoSite): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(site)
      .values({
        id: demo.id,
        companyName: demo.companyName,
        countryCode: demo.countryCode,
        timezone: demo.timezone,
        defaultLocaleId: demo.defaultLocaleId,
        themeId: demo.themeId,
        gaMeasurementId: demo.gaMeasurementId ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: site.id });
    if (inserted.length === 0) return false;
    const siteId = demo.id;
    await tx.insert(siteLocale).values(demo.locales.map((localeId, position) => ({ siteId, localeId, position })));
    await tx.insert(siteDomain).values(demo.domains.map((host) => ({ host, siteId })));
    await tx.insert(siteFeature).values(demo.features.map((feature) => ({ siteId, feature })));
    // A site that runs the survey starts with one active form, so the demo shows the dialog (docs/decisions/050).
    if (demo.features.includes('FEEDBACK')) await tx.insert(feedbackForm).values({ id: `${siteId}-survey`, siteId, active: true });
    await tx
      .insert(siteMetaField)
      .values(
        LOCALE_IDS.flatMap((localeId) =>
          Object.entries(demo.meta[localeId] ?? {}).map(([name, content]) => ({ siteId, localeId, name, content })),
        ),
      );
    await tx
      .insert(siteExternalService)
      .values([
        ...demo.contacts.map((link, position) => ({ siteId, placement: 'contact' as const, position, ...link })),
        ...demo.links.map((link, position) => ({ siteId, placement: 'link' as const, position, ...link })),
      ]);
    return true;
  });
}
