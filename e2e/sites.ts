import type { BrowserContext } from '@playwright/test';
/**
 * The journey server's port (E2E_PORT, default 3100) and its data folder, named after the port: a run on another
 * port (E2E_PORT=3200 while CI's journeys run on 3100) starts its own server on a database of its own.
 */
export const journeyPort = Number(process.env.E2E_PORT ?? 3100);
export const journeyDataDir = `.cache/e2e-data-${journeyPort}`;

export type SiteName = 'lumo' | 'virmalise' | 'daugava' | 'kallio';

export const siteUrl = (site: SiteName, path = '/') => `http://${site}.localhost:${journeyPort}${path}`;

/** The language a person chose on a site earlier (the language switcher's NEXT_LOCALE cookie): pages open in it. */
export async function chooseLanguage(context: BrowserContext, locale: string, site: SiteName = 'lumo'): Promise<void> {
  await context.addCookies([{ name: 'NEXT_LOCALE', value: locale, url: siteUrl(site) }]);
}
