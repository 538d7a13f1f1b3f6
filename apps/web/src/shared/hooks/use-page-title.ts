import { createContext, use, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { documentTitle, siteTitleFor } from '@portal/schema/site-title';
import type { LocaleId } from '@portal/schema/locale-ids';
import { useSite } from '../site/site-context.tsx';

/**
 * Where a page drawn on the server (entry-server.tsx) leaves its document title, for the server to write into the
 * page's `<title>`: effects do not run on the server, and without it every page would be titled with the site's
 * name alone until the browser took it over.
 */
export type PageTitleSink = (title: string) => void;
export const PageTitleSinkContext = createContext<PageTitleSink | null>(null);

/** Sets "page title - site title" (spec §2) and keeps it right when the language changes. */
export function usePageTitle(pageTitle: string | null) {
  const site = useSite();
  const { i18n } = useTranslation();
  const title = documentTitle(pageTitle, siteTitleFor(site, i18n.language as LocaleId));
  const sink = use(PageTitleSinkContext);
  // Only the server's render has a sink.
  sink?.(title);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
