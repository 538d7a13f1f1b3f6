import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { HOSTS, useTestApp } from '../test-support/test-app.ts';
import { DOCS_POLICY } from './openapi.ts';

type Operation = { tags?: string[]; summary?: string; security?: unknown[]; operationId?: string };

describe('OpenAPI', () => {
  const ctx = useTestApp();
  const documentOf = async () => (await ctx.app.inject({ url: '/api/docs/json', headers: { host: HOSTS.lumo } })).json();

  it('documents every public call with its error body', async () => {
    const document = await documentOf();
    for (const path of ['/api/site', '/api/translations/{locale}', '/api/countries', '/api/countries/{countryCode}', '/api/logs']) {
      expect(document.paths).toHaveProperty([path]);
    }
    expect(document.components.schemas).toHaveProperty('ApiError');
  });

  it('is a valid OpenAPI document (swagger-parser)', async () => {
    await expect(SwaggerParser.validate(await documentOf())).resolves.toBeTruthy();
  });

  it('passes Redocly’s recommended rules with no error', async () => {
    const results = await lintFromString({
      source: JSON.stringify(await documentOf()),
      absoluteRef: '/openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    const errors = results.filter((result) => result.severity === 'error');
    expect(errors.map((error) => `${error.ruleId}: ${error.message} at ${error.location[0]?.pointer}`)).toEqual([]);
  });

  it('holds the API only, each operation tagged, summarised and saying whether it needs the session', async () => {
    const document = await documentOf();
    const paths = Object.keys(document.paths);
    expect(paths.every((path) => path.startsWith('/api/') || path.startsWith('/health/'))).toBe(true);
    expect(paths.some((path) => path.startsWith('/api/docs'))).toBe(false);
    const operations = Object.values(document.paths as Record<string, Record<string, Operation>>).flatMap((byMethod) =>
      Object.values(byMethod),
    );
    for (const operation of operations) {
      expect(operation.tags?.length, operation.operationId).toBeGreaterThan(0);
      expect(operation.summary, operation.operationId).toBeTruthy();
      expect(operation.security, operation.operationId).toBeDefined();
    }
    expect(document.paths['/api/invoices'].get.security).toEqual([{ session: [] }]);
    expect(document.paths['/api/site'].get.security).toEqual([]);
    expect(document.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'authjs.session-token' });
  });

  it('serves the reference page', async () => {
    const response = await ctx.app.inject({ url: '/api/docs/', headers: { host: HOSTS.lumo } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger');
    expect(response.headers['content-security-policy']).toBe(DOCS_POLICY);
    expect(DOCS_POLICY).not.toMatch(/script-src[^;]*unsafe/);
  });
});
