import { randomBytes } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import fp from 'fastify-plugin';
import type { ApiErrorBody } from '@portal/schema/errors';
import { AppError } from './errors.ts';

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

/** API answers are data, never documents: nothing in them may load or run anything. */
const apiPolicy = {
  'default-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
};

export type PageNonces = { script: string; style: string };

/**
 * The policy of the portal's pages. No inline script runs but what the server signs with the response's
 * nonce; `strict-dynamic` lets those signed scripts load the app's own chunks and, after consent, analytics.
 * `formTargets`: origins a form of the page may post to or be redirected to (the sign-in page's e-ID brokers).
 */
export function pageContentSecurityPolicy({ script, style }: PageNonces, formTargets: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'strict-dynamic' 'nonce-${script}'`,
    `style-src 'self' 'nonce-${style}'`,
    // Mantine positions popovers and sets CSS variables through style attributes.
    "style-src-attr 'unsafe-inline'",
    `img-src 'self' data: ${analyticsHosts.join(' ')}`,
    // Vite inlines small font subsets as data: URLs.
    "font-src 'self' data:",
    `connect-src 'self' ${analyticsHosts.join(' ')}`,
    'frame-src https://consentcdn.cookiebot.com',
    "frame-ancestors 'none'",
    // A form post Auth.js answers with a redirect to the e-ID broker is followed only to an origin listed here.
    ["form-action 'self'", ...formTargets].join(' '),
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

export function createPageNonces(): PageNonces {
  return { script: randomBytes(16).toString('base64'), style: randomBytes(16).toString('base64') };
}

const headerOptions = {
  contentSecurityPolicy: { useDefaults: false as const, directives: apiPolicy },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  crossOriginEmbedderPolicy: false,
};

/**
 * Helmet's headers for these options, worked out once: they depend on nothing in the request, and building
 * helmet's middleware per request (as @fastify/helmet does) was a tenth of a public call's time (decision 084).
 * A page that needs its own policy replaces `content-security-policy` on its reply.
 */
const STRICT_HEADERS: Record<string, string> = (() => {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => {},
  };
  helmet(headerOptions)({} as never, response as never, () => {});
  headers['permissions-policy'] = 'camera=(), microphone=(), geolocation=(), payment=(self), usb=()';
  return headers;
})();

/** Strict headers on every response and a CSRF guard for state-changing calls. */
export const security = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(STRICT_HEADERS);
      if (unsafeMethods.has(request.method) && !isSameOriginRequest(request.headers, request.host, request.protocol)) {
        throw new AppError('CROSS_SITE_REQUEST', 'Cross-site request refused');
      }
      done();
    });
  },
  { name: 'security' },
);
/**
 * CSRF defence by Fetch Metadata and Origin (OWASP): browsers mark every request with where it came from,
 * and a cross-site form or script cannot forge those headers. Clients that are not browsers send neither
 * and cannot carry a victim's cookies, so they pass.
 */
export function isSameOriginRequest(headers: Record<string, string | string[] | undefined>, host: string, protocol: string): boolean {
  const fetchSite = headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite === 'same-origin' || fetchSite === 'none';
  const origin = headers.origin;
  if (typeof origin !== 'string') return true;
  return origin === `${protocol}://${host}`;
}

/**
 * Fastify's `frameworkErrors`: a URL the router cannot even decode (`/api/invoices/%ED%A0%80`) is refused before
 * any hook runs, so it gets the same security headers, request id and error body here as every other answer.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  void reply
    .headers(STRICT_HEADERS)
    .header('x-request-id', request.id)
    .status(400)
    .type('application/json; charset=utf-8')
    .send({
      name: 'ValidationError',
      message: error.code === 'FST_ERR_BAD_URL' ? 'The address is not validly percent-encoded UTF-8' : error.message,
      code: error.code === 'FST_ERR_BAD_URL' ? 'BAD_URL' : 'VALIDATION_FAILED',
      statusCode: 400,
      requestId: request.id,
    } satisfies ApiErrorBody);
}
