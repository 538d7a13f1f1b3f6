import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from './actor.ts';

type Transform = Parameters<typeof jsonSchemaTransform>[0];
type DocumentObject = ReturnType<typeof jsonSchemaTransformObject>;

/** The API is what lives under /api/ and /health/; the e-ID and payment simulators and the pages are not. */
const isApi = (url: string) => (url.startsWith('/api/') && !url.startsWith('/api/docs')) || url.startsWith('/health/');

/** `GET /api/invoices/:invoiceNumber/postpone` → `getApiInvoicesInvoiceNumberPostpone`: stable, readable ids for clients. */
function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/\*/g, 'path')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1));
  return `${method.toLowerCase()}${words.join('')}`;
}

/**
 * The reference page's own policy (decision 006): Swagger UI's script files from this server and nothing else; its
 * React code sets styles at run time, which a page of API documentation without user content can allow.
 */
export const DOCS_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The OpenAPI document is generated from the routes' zod schemas; the reference page lives at /api/docs. Routes
 * inside a guarded area are marked as needing the session cookie (route-areas.ts), all others as public, and the
 * document is validated in CI (openapi.test.ts).
 */
export const openApi = fp(
  async (app: FastifyInstance, { version }: { version: string }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Energy self-service portal API',
          description:
            'Every call is answered for the site the host name names. Errors share one body: ApiError, with a stable `code` (packages/schema/src/error-codes.ts).',
          version,
          license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        },
        servers: [{ url: '/', description: 'The portal of the site whose host name is used' }],
        components: {
          securitySchemes: {
            session: {
              type: 'apiKey',
              in: 'cookie',
              name: SESSION_COOKIE,
              description: 'The Auth.js session cookie set by signing in with e-ID (or an e-mail link where the site offers it).',
            },
            systemToken: {
              type: 'http',
              scheme: 'bearer',
              description: 'The token the site issued to one of the utility’s systems (its reading system): valid on that site only.',
            },
          },
        },
      },
      transform: (input: Transform) => {
        if (!isApi(input.url)) return { schema: { ...input.schema, hide: true }, url: input.url };
        const { schema, url } = jsonSchemaTransform(input);
        const method = [input.route.method].flat()[0] ?? 'GET';
        return {
          url: url.replace(/\*$/, ':path'),
          schema: { ...schema, operationId: schema.operationId ?? operationIdOf(method, input.url), security: schema.security ?? [] },
        };
      },
      transformObject: (input) => renameWildcardParameters(jsonSchemaTransformObject(input)),
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      // No badge from swagger.io's validator: the page talks to this server only.
      uiConfig: { validatorUrl: null },
      staticCSP: true,
      transformStaticCSP: () => DOCS_POLICY,
    });
  },
  { name: 'openapi' },
);

/** Fastify's `*` wildcard names a parameter `*`; the document calls it `path`, as the path template does. */
function renameWildcardParameters(document: DocumentObject): DocumentObject {
  for (const operations of Object.values((document as { paths?: Record<string, Record<string, unknown>> }).paths ?? {})) {
    for (const operation of Object.values(operations)) {
      const parameters = (operation as { parameters?: { name: string }[] }).parameters;
      for (const parameter of parameters ?? []) if (parameter.name === '*') parameter.name = 'path';
    }
  }
  return document;
}
