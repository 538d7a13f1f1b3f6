import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';

/** The test build of the web app in a folder of its own, with `render` as its server render. */
function webDistWithRender(render: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  cpSync(fileURLToPath(new URL('../../test-support/web-dist', import.meta.url)), dir, { recursive: true });
  mkdirSync(join(dir, 'server'));
  writeFileSync(join(dir, 'server', 'entry-server.js'), render);
  return dir;
}

// A server render that draws what it was given, and refuses as the real one does (apps/web/src/entry-server.tsx).
const distDir = webDistWithRender(
  `export class NotRenderedOnServer extends Error {}
export async function renderPage({ url, initial, scriptNonce, styleNonce }) {
  if (!initial.signedIn && url.startsWith('/files/')) return { redirect: '//elsewhere.example/' };
  if (!initial.signedIn && url !== '/') return { redirect: '/auth/signin?callbackUrl=' + encodeURIComponent(url) };
  if (url.startsWith('/invoices/')) throw new NotRenderedOnServer(url + ' waits for data');
  if (url.startsWith('/power-control')) throw new Error('the render broke');
  const html = '<main data-url="' + url + '" data-site="' + initial.site.id + '"><h1>' + initial.translations['nav.invoices'] + '</h1>'
    + '<style nonce="' + styleNonce + '"></style><script nonce="' + scriptNonce + '">drawn()</script></main>';
  return { html, title: url.startsWith('/invoices') ? initial.translations['nav.invoices'] + ' & co - Minu Virmalise' : null };
}
`,
);

describe('pages drawn on the server (decision 088)', () => {
  const ctx = useTestApp({ WEB_DIST_DIR: distDir });
  afterAll(() => rmSync(distDir, { recursive: true, force: true }));
  const page = async (url: string, cookie?: string) => {
    const response = await ctx.app.inject({ url, headers: { host: HOSTS.virmalise, ...(cookie ? { cookie } : {}) } });
    const nonces = Object.fromEntries(
      [...String(response.headers['content-security-policy']).matchAll(/(script|style)-src [^;]*'nonce-([^']+)'/g)].map((m) => [
        m[1],
        m[2],
      ]),
    );
    return { response, root: /<div id="root">([\s\S]*?)<\/div>\s*<\/body>/.exec(response.body)?.[1], nonces };
  };

  it("puts the page into the root, drawn for the request's site and person with the response's nonces", async () => {
    const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'virmalise');
    const { response, root, nonces } = await page('/dashboard?period=month', cookie);
    expect(response.statusCode).toBe(200);
    expect(root).toBe(
      `<main data-url="/dashboard?period=month" data-site="virmalise"><h1>Arved</h1><style nonce="${nonces.style}"></style><script nonce="${nonces.script}">drawn()</script></main>`,
    );
    // The page's stylesheets apply before its first paint, not after the entry script has run.
    expect(response.body).toContain('<link rel="stylesheet" crossorigin href="/assets/dashboard-test.css">');
  });

  it('titles the page as the drawn page titles itself, and with the site title alone when the page has none', async () => {
    const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'virmalise');
    const invoices = await page('/invoices', cookie);
    expect(invoices.response.body).toContain('<title>Arved &amp; co - Minu Virmalise</title>');
    expect(invoices.response.body.match(/<title>/g)).toHaveLength(1);
    expect((await page('/dashboard', cookie)).response.body).toContain('<title>Minu Virmalise</title>');
  });

  it('sends the visitor on as the page would, before any script: within the site only', async () => {
    const signedOut = await page('/invoices?type=unpaid');
    expect(signedOut.response.statusCode).toBe(302);
    expect(signedOut.response.headers.location).toBe('/auth/signin?callbackUrl=%2Finvoices%3Ftype%3Dunpaid');
    expect(signedOut.response.headers['cache-control']).toBe('no-store');
    // Somewhere else is the browser's to follow, as before: the page goes with an empty root.
    const offSite = await page('/files/elsewhere');
    expect(offSite.response.statusCode).toBe(200);
    expect(offSite.root).toBe('');
  });

  it('leaves the root to the browser when the page is not drawn on the server, or its render failed', async () => {
    const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'virmalise');
    const waiting = await page('/invoices/i-1/confirmation', cookie);
    expect(waiting.response.statusCode).toBe(200);
    expect(waiting.root).toBe('');
    expect(waiting.response.body).toContain('<title>Minu Virmalise</title>');
    const broken = await page('/power-control', cookie);
    expect(broken.response.statusCode).toBe(200);
    expect(broken.root).toBe('');
  });

  it('serves the server render to no browser', async () => {
    const response = await ctx.app.inject({ url: '/server/entry-server.js', headers: { host: HOSTS.virmalise } });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('NotRenderedOnServer');
  });
});

describe('a server render that does not load', () => {
  const brokenDist = webDistWithRender("throw new Error('a broken build');\n");
  const ctx = useTestApp({ WEB_DIST_DIR: brokenDist });
  afterAll(() => rmSync(brokenDist, { recursive: true, force: true }));

  it('leaves every page to the browser instead of failing it', async () => {
    const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    for (let tries = 0; tries < 2; tries++) {
      const response = await ctx.app.inject({ url: '/dashboard', headers: { host: HOSTS.lumo, cookie } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
    }
  });
});

describe('a crowd of page loads (decision 089)', () => {
  // A render that holds the thread for a second, five times the render budget's burst.
  const slowDist = webDistWithRender(
    `export class NotRenderedOnServer extends Error {}
export async function renderPage({ url }) {
  const until = Date.now() + 1000;
  while (Date.now() < until);
  return { html: '<main data-url="' + url + '"></main>', title: null };
}
`,
  );
  const ctx = useTestApp({ WEB_DIST_DIR: slowDist });
  afterAll(() => rmSync(slowDist, { recursive: true, force: true }));

  it('leaves the pages past the render budget to the browser', async () => {
    const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    const load = (url: string) => ctx.app.inject({ url, headers: { host: HOSTS.lumo, cookie } });
    const first = await load('/dashboard');
    expect(first.body).toContain('<div id="root"><main data-url="/dashboard"></main></div>');
    const next = await load('/invoices');
    expect(next.statusCode).toBe(200);
    expect(next.body).toContain('<div id="root"></div>');
  });
});
