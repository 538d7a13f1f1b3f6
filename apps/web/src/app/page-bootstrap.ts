import type { QueryClient } from '@tanstack/react-query';
import type { PageBootstrap } from '@portal/schema/site';
import type { CompiledTranslationBundle } from '@portal/schema/translations';
import { queryKeys } from '../shared/api/query-keys.ts';

/** The texts as the page's address gives them: compiled for a browser (decision 105), ICU text in the server's render. */
export type InitialPage = PageBootstrap & { translations: CompiledTranslationBundle };

/**
 * The site, locale and scheme the server wrote into index.html for the first paint, with the texts from the address
 * it gave: the page has preloaded them beside its scripts, or the browser kept them from an earlier visit.
 */
export async function loadPageBootstrap(document: Document): Promise<InitialPage> {
  const element = document.getElementById('portal-bootstrap');
  if (!element?.textContent) throw new Error('index.html has no portal-bootstrap: open the portal through its server');
  const bootstrap = JSON.parse(element.textContent) as PageBootstrap;
  const response = await fetch(bootstrap.translationsUrl);
  if (!response.ok) throw new Error(`The texts did not load: ${response.status} from ${bootstrap.translationsUrl}`);
  return { ...bootstrap, translations: (await response.json()) as CompiledTranslationBundle };
}

/**
 * The session and actor info the server wrote into the page, as the answers of their queries: the route guards and
 * the shell start from them instead of waiting for GET /api/auth/session and then GET /api/info (decision 086).
 */
export function seedSignedIn(queryClient: QueryClient, initial: InitialPage): void {
  queryClient.setQueryData(queryKeys.auth.session(), initial.signedIn?.session ?? null);
  if (initial.signedIn) queryClient.setQueryData(queryKeys.me.info(), initial.signedIn.info);
}

/**
 * The sign-in page's ways in and CSRF token, as the server drew the page with them (docs/decisions/104): the page is
 * drawn whole at once, and its forms post without script until the app takes them over.
 */
export function seedSignInForm(queryClient: QueryClient, initial: InitialPage): void {
  if (!initial.signInForm) return;
  queryClient.setQueryData(queryKeys.auth.providers(), initial.signInForm.providers);
  queryClient.setQueryData(queryKeys.auth.pageCsrfToken(), initial.signInForm.csrfToken);
}
