/**
 * Whether `endpoint` is at one of the push services the server may send to (PUSH_SERVICE_HOSTS): a subscription is
 * input from a browser, and without this check it could make the server POST to any address, inside the network
 * too. `*.example.com` matches subdomains; https on the services' own port (443) only, and no credentials in the
 * address, except for hosts listed with a port or `:*` (a local stand-in on a port of its own, in tests and journeys).
 */
export function isAllowedPushEndpoint(endpoint: string, allowedHosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  if (url.username || url.password) return false;
  return allowedHosts.some((allowed) => {
    if (allowed.endsWith(':*')) return host === allowed.slice(0, -2) && (url.protocol === 'https:' || url.protocol === 'http:');
    if (allowed.includes(':')) return url.host.toLowerCase() === allowed && (url.protocol === 'https:' || url.protocol === 'http:');
    // `URL` leaves the port empty when it is the scheme's own (443 for https), written or not.
    if (url.protocol !== 'https:' || url.port !== '') return false;
    return allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) && host.length > allowed.length - 1 : host === allowed;
  });
}
