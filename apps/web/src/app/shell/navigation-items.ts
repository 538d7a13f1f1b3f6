import {
  IconBolt,
  IconBoltOff,
  IconBriefcase,
  IconChartBar,
  IconFileInvoice,
  IconHeadset,
  IconHome,
  IconLayoutDashboard,
  IconPlugConnected,
  IconSettings,
  type Icon,
} from '@tabler/icons-react';
import type { ActorInfo } from '@portal/schema/identity';
import type { SiteFeature } from '@portal/schema/features';
import { pageOffered } from '@portal/schema/pages';

export type NavigationItem = {
  to:
    | '/'
    | '/dashboard'
    | '/charts'
    | '/invoices'
    | '/power-control'
    | '/outages'
    | '/support'
    | '/connection-requests'
    | '/staff'
    | '/admin';
  label: string;
  icon: Icon;
};

const home: NavigationItem = { to: '/', label: 'nav.home', icon: IconHome };
const staffWorkspace: NavigationItem = { to: '/staff', label: 'nav.staff', icon: IconBriefcase };
const administration: NavigationItem = { to: '/admin', label: 'nav.admin', icon: IconSettings };
const dashboard: NavigationItem = { to: '/dashboard', label: 'nav.dashboard', icon: IconLayoutDashboard };
const charts: NavigationItem = { to: '/charts', label: 'nav.charts', icon: IconChartBar };
const invoices: NavigationItem = { to: '/invoices', label: 'nav.invoices', icon: IconFileInvoice };
const powerControl: NavigationItem = { to: '/power-control', label: 'nav.power-control', icon: IconBolt };
const outages: NavigationItem = { to: '/outages', label: 'nav.outages', icon: IconBoltOff };
const support: NavigationItem = { to: '/support', label: 'nav.support', icon: IconHeadset };
const connections: NavigationItem = { to: '/connection-requests', label: 'nav.connection-requests', icon: IconPlugConnected };

/**
 * The pages a person can reach from the shell: only pages that exist, whose feature the site has, and that have
 * something for them. A customer's data pages need a customer to act for; customer service have their workspace
 * and site administrators their admin area (docs/decisions/078). Later areas add theirs here as their routes exist.
 */
export function navigationItems(info: ActorInfo | undefined, features: readonly SiteFeature[]): NavigationItem[] {
  if (!info) return [home];
  const customerPages = info.customer
    ? [dashboard, charts, ...[invoices, powerControl, outages, support, connections].filter((item) => pageOffered(item.to, features))]
    : [];
  // While acting, the customer's pages fill the bar and the acting banner's "End acting" leads back to the workspace.
  const ownLanding =
    info.actingAs === 'staff'
      ? []
      : [
          ...(info.staffRoles.includes('customer-service') ? [staffWorkspace] : []),
          ...(info.staffRoles.includes('site-admin') ? [administration] : []),
        ];
  return [home, ...customerPages, ...ownLanding];
}
