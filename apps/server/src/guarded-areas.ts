import type { FastifyInstance } from 'fastify';
import { POWER_FEATURES } from '@portal/schema/power-features';
import type { Config } from './config.ts';
import type { CrmSystem } from './integrations/crm/port.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { feedbackAdminRoutes, feedbackRoutes } from './modules/feedback/routes.ts';
import { announcementAdminRoutes, announcementRoutes } from './modules/announcements/routes.ts';
import { auditRoutes } from './modules/admin/audit-routes.ts';
import { translationAdminRoutes } from './modules/admin/translation-admin-routes.ts';
import { meRoutes } from './modules/me/routes.ts';
import { bankAccountRoutes } from './modules/bank-accounts/routes.ts';
import { contactRoutes } from './modules/contacts/routes.ts';
import { addressRoutes } from './modules/addresses/routes.ts';
import { notificationSettingRoutes, spotPriceNotificationRoutes } from './modules/notification-settings/routes.ts';
import { staffRoutes } from './modules/staff/routes.ts';
import { sessionRoutes } from './modules/sessions/routes.ts';
import { dataAccessRoutes } from './modules/data-access/routes.ts';
import { contractRoutes } from './modules/contracts/routes.ts';
import { addressAutocompleteRoutes, renewSigningRoutes, signingRoutes, type SigningRouteDeps } from './modules/contracts/signing-routes.ts';
import { businessCodeRoutes } from './modules/business-codes/routes.ts';
import { contractOfferRoutes, productCostRoutes, productRoutes } from './modules/products/routes.ts';
import { invoiceCsvRoutes, invoiceRoutes } from './modules/invoices/routes.ts';
import type { PaymentProviders } from './modules/payments/payment-providers.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { chartRoutes } from './modules/charts/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { locationRoutes } from './modules/locations/routes.ts';
import { readingsRoutes } from './modules/readings/routes.ts';
import { dataExportRoutes } from './modules/data-exports/routes.ts';
import { erasureRoutes, erasureStaffRoutes } from './modules/erasure/routes.ts';
import { usagePointRoutes } from './modules/usage-points/routes.ts';
import { homesComparisonRoutes } from './modules/homes-comparison/routes.ts';
import { meterReadingRoutes } from './modules/meter-readings/routes.ts';
import { inboundMeterReadingRoutes } from './modules/meter-readings/inbound-routes.ts';
import type { CommandDeps } from './modules/load-controls/issue-command.ts';
import type { LiveReadingsHub } from './modules/load-controls/live-readings-hub.ts';
import { hanPortRoutes, liveReadingRoutes, loadControlRoutes, planRoutes } from './modules/load-controls/routes.ts';
import { pushNotificationRoutes } from './modules/push-notifications/routes.ts';
import type { InstallationVapidKeys } from './modules/push-notifications/vapid-keys.ts';
import { alertRoutes } from './modules/alerts/routes.ts';
import { membershipRoutes } from './modules/membership/routes.ts';
import { outageContactRoutes, outageRoutes } from './modules/outages/routes.ts';
import { operatorOutageStaffRoutes } from './modules/outages/staff-routes.ts';
import type { SiteCache } from './modules/sites/site-cache.ts';
import { advancedSupportRoutes, supportRoutes } from './modules/support/routes.ts';
import { supportStaffRoutes } from './modules/support/staff-routes.ts';
import { inboxRoutes } from './modules/inbox/routes.ts';
import { connectionRequestRoutes, connectionRequestStaffRoutes } from './modules/connection-requests/routes.ts';
import { networkProductRoutes } from './modules/network-products/routes.ts';
import type { Database } from './platform/database.ts';
import { adminArea, anyFeatureArea, customerArea, featureArea, personArea, staffArea, systemArea } from './platform/route-areas.ts';

/** What the guarded areas' routes are built with: made once in buildApp (app.ts), shared by every area. */
export type GuardedAreaDeps = {
  config: Config;
  db: Database;
  sites: SiteCache;
  providers: PaymentProviders;
  signingDeps: SigningRouteDeps;
  crm: CrmSystem;
  vapidKeys: InstallationVapidKeys;
  commands: CommandDeps;
  liveReadings: LiveReadingsHub;
};

/**
 * The site's authorization map (docs/decisions/020): every guarded route, in the area whose guard runs before its
 * input is read (person, customer, staff, admin), behind the site features it needs. Kept in one tree, so who may
 * call what reads at a glance; the authorization matrix test walks what it registers.
 */
export async function registerGuardedAreas(
  app: FastifyInstance,
  { config, db, sites, providers, signingDeps, crm, vapidKeys, commands, liveReadings }: GuardedAreaDeps,
): Promise<void> {
  await app.register(
    personArea(async (area) => {
      await area.register(meRoutes, {
        db,
        reverificationPeriodSeconds: config.auth.reverificationPeriodSeconds,
        authSecret: config.auth.secret,
      });
      await area.register(sessionRoutes, { db });
      await area.register(productRoutes, { db });
      await area.register(businessCodeRoutes);
      await area.register(featureArea('FEEDBACK', async (survey) => survey.register(feedbackRoutes, { db })));
    }),
  );
  await app.register(
    customerArea(async (area) => {
      await area.register(dashboardRoutes, { db });
      await area.register(chartRoutes, { db });
      await area.register(locationRoutes, { db });
      await area.register(usagePointRoutes, { db });
      // Homes like mine (issue 28, decision 123): on every site; a site without 20 homes of a kind answers that it has too few.
      await area.register(homesComparisonRoutes, { db });
      await area.register(featureArea('ADDRESS_AUTOCOMPLETE', async (addresses) => addresses.register(addressAutocompleteRoutes, { db })));
      await area.register(readingsRoutes, { db });
      // Readings customers enter for hand-read meters (issue 28, docs/decisions/112).
      await area.register(featureArea('METER_READING_ENTRY', async (entry) => entry.register(meterReadingRoutes, { db })));
      await area.register(bankAccountRoutes, { db });
      await area.register(contactRoutes, { db });
      await area.register(addressRoutes, { db });
      await area.register(notificationSettingRoutes, { db });
      await area.register(dataAccessRoutes, { db });
      await area.register(dataExportRoutes, { db });
      // Closing my account (issue 28, GDPR Art. 17, decision 122).
      await area.register(erasureRoutes, { db });
      // Settings, notifications and push (issue 10, docs/decisions/041-049).
      await area.register(alertRoutes, { db });
      await area.register(featureArea('SETTINGS_SPOT_PRICE', async (spot) => spot.register(spotPriceNotificationRoutes, { db })));
      await area.register(featureArea('MEMBERSHIP_NUMBER', async (members) => members.register(membershipRoutes, { db })));
      await area.register(
        featureArea('PUSH_NOTIFICATIONS', async (pushArea) =>
          pushArea.register(pushNotificationRoutes, { db, vapidKeys, allowedHosts: config.push.serviceHosts }),
        ),
      );
      // Support tickets and the inbox their replies land in (docs/decisions/054).
      await area.register(
        featureArea('SUPPORT', async (support) => {
          await support.register(supportRoutes, { db, crm });
          await support.register(featureArea('ADVANCED_SUPPORT', async (advanced) => advanced.register(advancedSupportRoutes, { db })));
          await support.register(inboxRoutes, { db });
        }),
      );
      // Connections and solar: fuse changes, new connections, microgeneration (issue 29, decision 124).
      await area.register(featureArea('CONNECTION_REQUESTS', async (connections) => connections.register(connectionRequestRoutes, { db })));
      // Portal announcements: the banner's call (docs/decisions/059-portal-announcements.md).
      await area.register(featureArea('PORTAL_ANNOUNCEMENTS', async (announcements) => announcements.register(announcementRoutes, { db })));
      await area.register(
        featureArea('OUTAGES', async (outagesArea) => {
          await outagesArea.register(outageRoutes, { db });
          await outagesArea.register(
            featureArea('SETTINGS_OUTAGE_CONTACTS', async (contactsArea) => contactsArea.register(outageContactRoutes, { db })),
          );
        }),
      );
      await area.register(
        featureArea('CONTRACTS', async (contracting) => {
          await contracting.register(contractRoutes, { db });
          await contracting.register(signingRoutes, signingDeps);
          // What another product would have cost (issue 28, decision 120), beside the products on offer.
          await contracting.register(productCostRoutes, { db });
          // A network operator's products compared over the customer's own year, and changed once a year (issue 29, decision 127).
          await contracting.register(
            featureArea('NETWORK_PRODUCT_CHANGE', async (network) => network.register(networkProductRoutes, { db })),
          );
          await contracting.register(
            featureArea('RENEWAL_OFFERS', async (offers) => {
              await offers.register(contractOfferRoutes, { db });
              await offers.register(renewSigningRoutes, signingDeps);
            }),
          );
        }),
      );
      await area.register(
        featureArea('INVOICES', async (invoicing) => {
          await invoicing.register(invoiceRoutes, { db });
          await invoicing.register(featureArea('INVOICE_CSV_DOWNLOAD', async (csv) => csv.register(invoiceCsvRoutes, { db })));
          await invoicing.register(paymentRoutes, { db, providers });
        }),
      );
      await area.register(
        anyFeatureArea(POWER_FEATURES, async (power) => {
          await power.register(loadControlRoutes, { deps: commands });
          await power.register(featureArea('POWER_CONTROL_HAN_PORT', async (han) => han.register(hanPortRoutes, { deps: commands })));
          await power.register(
            featureArea('LIVE_READINGS', async (live) => live.register(liveReadingRoutes, { deps: commands, hub: liveReadings })),
          );
          await power.register(featureArea('RELAY_CONTROL', async (relays) => relays.register(planRoutes, { deps: commands })));
        }),
      );
    }),
  );
  await app.register(
    staffArea('customer-service', async (area) => {
      await area.register(staffRoutes, { db });
      await area.register(erasureStaffRoutes, { db });
      await area.register(featureArea('SUPPORT', async (support) => support.register(supportStaffRoutes, { db, crm })));
      await area.register(
        featureArea('CONNECTION_REQUESTS', async (connections) => connections.register(connectionRequestStaffRoutes, { db })),
      );
      // A network operator's planned outages, published by its staff (issue 29, decision 126).
      await area.register(featureArea('OUTAGES', async (outagesArea) => outagesArea.register(operatorOutageStaffRoutes, { db })));
    }),
  );
  // The utility's systems, each with its site's token: the reading system's measured register readings (decision 131).
  await app.register(systemArea(db, 'reading-system', async (area) => area.register(inboundMeterReadingRoutes, { db })));
  await app.register(
    adminArea(async (area) => {
      // An administrator's change shows on their next page load: this copy has heard its site_changed first.
      area.addHook('onSend', async (request) => {
        if (request.method !== 'GET' && request.method !== 'HEAD') await sites.caughtUp();
      });
      await area.register(adminRoutes, { db });
      await area.register(auditRoutes, { db });
      await area.register(featureArea('ADMIN_LOCALIZATION', async (localization) => localization.register(translationAdminRoutes, { db })));
      await area.register(feedbackAdminRoutes, { db });
      await area.register(
        featureArea('PORTAL_ANNOUNCEMENTS', async (announcements) => announcements.register(announcementAdminRoutes, { db })),
      );
    }),
  );
}
