import { z } from 'zod';
import { linkKind, operatingCountryCode } from './enums.ts';
import { siteFeature } from './features.ts';
import { actorInfo, authProvider, portalSession } from './identity.ts';
import { bundleLocaleId, localeId } from './locales.ts';
import { themeId } from './themes.ts';

export const siteLocale = z.object({ id: localeId, name: z.string() });

export const metaField = z.object({ name: z.string(), content: z.string(), localeId: localeId });
export type MetaField = z.infer<typeof metaField>;

/** Footer contact links: telephone, e-mail and postal address of the company. */
export const contactLinkType = z.enum(['PHONE', 'EMAIL', 'ADDRESS', 'WEBSITE']);
export type ContactLinkType = z.infer<typeof contactLinkType>;
export const externalServiceType = z.union([linkKind, z.literal('HOME_PAGE')]);
export type ExternalServiceType = z.infer<typeof externalServiceType>;

export const siteLink = z.object({
  type: z.string(),
  label: z.string(),
  url: z.string(),
  localeId: localeId.nullable(),
});
export type SiteLink = z.infer<typeof siteLink>;

/** What the page shell needs to paint a site: written into index.html and served by GET /api/site. */
export const siteBootstrap = z
  .object({
    id: z.string(),
    companyName: z.string(),
    timezone: z.string(),
    /** Where the utility operates: phone numbers without a country code are read in it. */
    countryCode: operatingCountryCode,
    defaultLocaleId: localeId,
    locales: z.array(siteLocale),
    features: z.array(siteFeature),
    metaFields: z.array(metaField),
    themeId: themeId,
    gaMeasurementId: z.string().nullable(),
    cookiebotId: z.string().nullable(),
    gtmId: z.string().nullable(),
    piwikProId: z.string().nullable(),
    piwikProUrl: z.string().nullable(),
    contactLinks: z.array(siteLink),
    links: z.array(siteLink),
  })
  .meta({ id: 'SiteBootstrap' });
export type SiteBootstrap = z.infer<typeof siteBootstrap>;

/** Per-request choices the server made for the first paint. */
export const pageBootstrap = z.object({
  site: siteBootstrap,
  /** A site locale, or `dev` when a developer chose the pseudo-locale to spot untranslated text. */
  locale: bundleLocaleId,
  colorScheme: z.enum(['light', 'dark', 'auto']),
  appVersion: z.string(),
  /** Where the page's texts are (GET /api/translations/…?v=…): the page preloads them, the browser keeps them. */
  translationsUrl: z.string(),
  /**
   * The session and who acts, as GET /api/auth/session and GET /api/info answer them, so that the first page needs
   * no round trip for either; null when the request carried no valid session.
   */
  signedIn: z.object({ session: portalSession, info: actorInfo }).nullable(),
  /**
   * On the sign-in page of a signed-out visit: the ways in, as GET /api/auth/providers answers them, and Auth.js's CSRF
   * token, so the page is drawn as forms that post without script (docs/decisions/104); null on every other page.
   */
  signInForm: z.object({ providers: z.array(authProvider), csrfToken: z.string() }).nullable(),
  /** The site asks for cookie consent and this browser has not answered its current revision: the banner is drawn. */
  consentAsked: z.boolean(),
});
export type PageBootstrap = z.infer<typeof pageBootstrap>;
