import type { ActorInfo } from '@portal/schema/identity';

/**
 * Where a signed-in person lands (docs/decisions/078): customer service on their workspace, a site administrator
 * on the admin area, a customer (or a company's representative, or staff acting for a customer) on the dashboard,
 * and a person the utility does not know yet on the home page, which tells them so.
 */
export function landingPathFor(info: Pick<ActorInfo, 'staffRoles' | 'customer' | 'actingAs'>): '/staff' | '/admin' | '/dashboard' | '/' {
  if (info.actingAs === 'staff' && info.customer) return '/dashboard';
  if (info.staffRoles.includes('customer-service')) return '/staff';
  if (info.staffRoles.includes('site-admin')) return '/admin';
  return info.customer ? '/dashboard' : '/';
}
