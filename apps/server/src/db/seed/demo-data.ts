import { LOCALE_IDS, LOCALE_NAMES } from '@portal/schema/locale-ids';
import {
  locale,
  site,
  siteDomain,
  siteExternalService,
  siteFeature,
  siteLocale,
  siteMetaField,
} from '../schema/sites.ts';
import type { Database } from '../../platform/database.ts';
import { seedDemoEnergy } from './demo-energy.ts';
import { seedDemoIdentities } from './demo-identities.ts';
import { seedDemoInvoices } from './demo-invoices.ts';
import { DEMO_SITES, type DemoSite } from './demo-sites.ts';

/**
 * Seeds the demo sites into an empty database and leaves an existing site as it is, so that
 * restarting never undoes what an admin changed. The same input always gives the same rows.
 */
export async function seedDemoData(
  db: Database,
  { idpIssuer, energyHistory = true }: { idpIssuer: string; /** Two years of readings and prices; tests leave it out. */ energyHistory?: boolean },
): Promise<void> {
  await db
    .insert(locale)
    .values(LOCALE_IDS.map((id) => ({ id, name: LOCALE_NAMES[id] })))
    .onConflictDoNothing();
  for (const demo of DEMO_SITES) await seedSite(db, demo);
  await seedDemoIdentities(db, idpIssuer);
  if (energyHistory) {
    await seedDemoEnergy(db);
    // Invoices are computed from the readings and prices just seeded.
    await seedDemoInvoices(db);
  }
}

async function seedSite(db: Database, demo: DemoSite) {
  await db.transaction(async (tx) => {
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
    if (inserted.length === 0) return;
    const siteId = demo.id;
    await tx.insert(siteLocale).values(demo.locales.map((localeId, position) => ({ siteId, localeId, position })));
    await tx.insert(siteDomain).values(demo.domains.map((host) => ({ host, siteId })));
    await tx.insert(siteFeature).values(demo.features.map((feature) => ({ siteId, feature })));
    await tx.insert(siteMetaField).values(
      Object.entries(demo.meta).flatMap(([localeId, fields]) =>
        Object.entries(fields).map(([name, content]) => ({ siteId, localeId, name, content })),
      ),
    );
    await tx.insert(siteExternalService).values([
      ...demo.contacts.map((link, position) => ({ siteId, placement: 'contact', position, ...link })),
      ...demo.links.map((link, position) => ({ siteId, placement: 'link', position, ...link })),
    ]);
  });
}
