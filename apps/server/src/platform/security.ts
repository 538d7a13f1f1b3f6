import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from './errors.ts';

/** Hosts the analytics services of spec §7 talk to; their scripts only load after consent. */
const analyticsHosts = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.googletagmanager.com',
  'https://*.piwik.pro',
  'https://*.containers.piwik.pro',
  'https://consent.cookiebot.com',
  'https://consentcdn.cookiebot.com',
];

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Strict headers on every response and a CSRF guard for state-changing calls.
 * The CSP allows no inline script but what the server signs with the per-response nonce
 * (`strict-dynamic` lets those signed scripts load the app's own chunks).
 */
export const security = fp(
  async (app: FastifyInstance) => {
    await app.register(helmet, {
      enableCSPNonces: true,
      contentSecurityPolicy: {
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'strict-dynamic'"],
          'style-src': ["'self'"],
          // Mantine positions popovers and sets CSS variables through style attributes.
          'style-src-attr': ["'unsafe-inline'"],
          'img-src': ["'self'", 'data:', ...analyticsHosts],
          'font-src': ["'self'"],
          'connect-src': ["'self'", ...analyticsHosts],
          'frame-src': ['https://consentcdn.cookiebot.com'],
          'frame-ancestors': ["'none'"],
          'form-action': ["'self'"],
          'base-uri': ["'self'"],
          'object-src': ["'none'"],
          'upgrade-insecure-requests': null,
        },
      },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onSend', async (_request, reply) => {
      reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(self), usb=()');
    });
    app.addHook('onRequest', async (request) => {
      if (!unsafeMethods.has(request.method)) return;
      if (!isSameOriginRequest(request.headers, request.host, request.protocol)) {
        throw forbidden('Cross-site request refused', 'CROSS_SITE_REQUEST');
      }
    });
  },
  { name: 'security' },
);

/**
 * CSRF defence by Fetch Metadata and Origin (OWASP): browsers mark every request with where it came from,
 * and a cross-site form or script cannot forge those headers. Clients that are not browsers send neither
 * and cannot carry a victim's cookies, so they pass.
 */
export function isSameOriginRequest(
  headers: Record<string, string | string[] | undefined>,
  host: string,
  protocol: string,
): boolean {
  const fetchSite = headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite === 'same-origin' || fetchSite === 'none';
  const origin = headers.origin;
  if (typeof origin !== 'string') return true;
  return origin === `${protocol}://${host}`;
}
