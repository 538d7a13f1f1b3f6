import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** The OpenAPI document is generated from the routes' zod schemas; the reference page lives at /api/docs. */
export const openApi = fp(
  async (app: FastifyInstance, { version }: { version: string }) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Energy self-service portal API',
          description: 'Every call is answered for the site the host name names. Errors share one body: ApiError.',
          version,
        },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      // The reference page ships its own scripts; give it a CSP that allows exactly those files.
      staticCSP: true,
      transformStaticCSP: (header) => header.replace("script-src 'self'", "script-src 'self'"),
    });
  },
  { name: 'openapi' },
);
