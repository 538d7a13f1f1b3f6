import { IconHistory, IconLanguage, IconMessageStar, IconSettings, IconSpeakerphone, type Icon } from '@tabler/icons-react';
import type { SiteFeature } from '@portal/schema/features';
import { pageOffered } from '@portal/schema/pages';

export type AdminNavigationItem = {
  to: '/admin' | '/admin/translations' | '/admin/announcements' | '/admin/feedback' | '/admin/audit';
  /** Key of the link's text in packages/locales/web/admin. */
  label: string;
  icon: Icon;
};

/**
 * The admin area's pages, in the order the navigation shows them: the one list a new admin page joins. A page of
 * a feature the site is without is not listed (pageOffered decides, as the server's 404 does).
 */
export const ADMIN_NAVIGATION: readonly AdminNavigationItem[] = [
  { to: '/admin', label: 'admin.nav.site', icon: IconSettings },
  { to: '/admin/translations', label: 'admin.nav.translations', icon: IconLanguage },
  { to: '/admin/announcements', label: 'admin.nav.announcements', icon: IconSpeakerphone },
  { to: '/admin/feedback', label: 'admin.nav.feedback', icon: IconMessageStar },
  { to: '/admin/audit', label: 'admin.nav.audit', icon: IconHistory },
];

export const adminNavigationFor = (features: readonly SiteFeature[]) => ADMIN_NAVIGATION.filter((item) => pageOffered(item.to, features));
