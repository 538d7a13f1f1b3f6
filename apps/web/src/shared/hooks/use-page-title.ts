import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { documentTitle, siteTitleFor } from '@portal/schema/site-title';
import type { LocaleId } from '@portal/schema/locale-ids';
import { useSite } from '../site/site-context.tsx';

/** Sets "page title - site title" (spec §2) and keeps it right when the language changes. */
export function usePageTitle(pageTitle: string | null) {
  const site = useSite();
  const { i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  useEffect(() => {
    document.title = documentTitle(pageTitle, siteTitleFor(site, locale));
  }, [pageTitle, site, locale]);
}
