import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@portal/schema/calendar-dates';
import { buildBilledContract, buildInvoice } from '../../test-support/billing-factories.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';

/** A built app as apps/web/precompress.ts leaves it: a script with its .br and .gz copies beside it. */
const distDir = mkdtempSync(join(tmpdir(), 'portal-dist-'));
cpSync(fileURLToPath(new URL('../../test-support/web-dist', import.meta.url)), distDir, { recursive: true });
const script = Buffer.from(`export const rows = ${JSON.stringify(Array.from({ length: 500 }, (_, i) => ({ i, label: `row ${i}` })))};\n`);
writeFileSync(join(distDir, 'assets', 'shell-abc123.js'), script);
writeFileSync(join(distDir, 'assets', 'shell-abc123.js.br'), brotliCompressSync(script));
writeFileSync(join(distDir, 'assets', 'shell-abc123.js.gz'), gzipSync(script));

describe('compression by Accept-Encoding', () => {
  const ctx = useTestApp({ WEB_DIST_DIR: distDir });
  afterAll(() => rmSync(distDir, { recursive: true, force: true }));
  const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ url, headers: { host: HOSTS.lumo, ...headers } });

  it('sends a built script as its brotli copy, or its gzip copy, with the same bytes inside', async () => {
    const br = await get('/assets/shell-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).equals(script)).toBe(true);

    const gzip = await get('/assets/shell-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzip.rawPayload).equals(script)).toBe(true);

    const plain = await get('/assets/shell-abc123.js', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.equals(script)).toBe(true);
  });

  it('compresses a page and a large API answer on the fly, and leaves a small answer as it is', async () => {
    const page = await get('/dashboard', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<html lang="fi"');

    const translations = await get('/api/translations/fi-FI', { 'accept-encoding': 'gzip' });
    expect(translations.statusCode).toBe(200);
    expect(translations.headers['content-encoding']).toBe('gzip');
    const uncompressed = await get('/api/translations/fi-FI', {});
    expect(gunzipSync(translations.rawPayload).toString()).toBe(uncompressed.body);
    expect(translations.rawPayload.length).toBeLessThan(uncompressed.rawPayload.length);

    const small = await get('/api/countries/FI', { 'accept-encoding': 'gzip' });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it("sends kept answers (the site, a customer's invoices) compressed once per encoding, with the same JSON inside", async () => {
    const contract = await buildBilledContract(ctx.database.db, { siteId: 'lumo', clientCode: 'LUMO-100001' });
    const today = todayIn('Europe/Helsinki');
    for (let month = 1; month <= 6; month++)
      await buildInvoice(ctx.database.db, {
        contract,
        periodStart: addDays(today, -31 * month - 10),
        dueDate: addDays(today, 10 - 31 * month),
      });
    await ctx.app.customerAnswers.caughtUp();
    const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    for (const [url, headers] of [
      ['/api/site', {}],
      ['/api/invoices', { cookie }],
    ] as const) {
      const plain = await get(url, headers);
      expect(plain.statusCode).toBe(200);
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('accept-encoding');
      for (let send = 0; send < 2; send++) {
        const br = await get(url, { ...headers, 'accept-encoding': 'gzip, deflate, br' });
        expect(br.headers['content-encoding']).toBe('br');
        expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(br.headers['content-length']).toBe(String(br.rawPayload.length));
        expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
        const gzip = await get(url, { ...headers, 'accept-encoding': 'gzip;q=1, br;q=0.5' });
        expect(gzip.headers['content-encoding']).toBe('gzip');
        expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
      }
      const refused = await get(url, { ...headers, 'accept-encoding': 'identity' });
      expect(refused.headers['content-encoding']).toBeUndefined();
      expect(refused.body).toBe(plain.body);
    }
  });
});
