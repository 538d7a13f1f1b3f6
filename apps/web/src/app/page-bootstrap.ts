import type { PageBootstrap } from '@portal/schema/site';
import type { TranslationBundle } from '@portal/schema/translations';

export type InitialPage = PageBootstrap & { translations: TranslationBundle };

/** The site, locale, scheme and texts the server wrote into index.html for the first paint. */
export function readPageBootstrap(document: Document): InitialPage {
  const element = document.getElementById('portal-bootstrap');
  if (!element?.textContent) throw new Error('index.html has no portal-bootstrap: open the portal through its server');
  return JSON.parse(element.textContent) as InitialPage;
}
