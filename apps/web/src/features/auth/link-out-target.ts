import type { SiteBootstrap } from '@portal/schema/site';

/**
 * The address the safe link-out page may send a person to: only one on the origin of a link the site
 * itself publishes (footer links and contact links), so the page cannot be used to send people anywhere.
 */
export function linkOutTarget(value: string | undefined, site: SiteBootstrap): URL | null {
  const target = parseHttpUrl(value);
  if (!target) return null;
  const allowed = [...site.links, ...site.contactLinks].map((link) => parseHttpUrl(link.url)?.origin);
  return allowed.includes(target.origin) ? target : null;
}

function parseHttpUrl(value: string | undefined): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}
