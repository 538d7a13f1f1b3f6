import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { dashboardCards } from '@portal/schema/dashboard';
import { auditLog } from '../../db/schema/identity.ts';
import { siteFeature } from '../../db/schema/sites.ts';
import { PEOPLE, sessionCookieFor, staffActingFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';

/**
 * GET /api/dashboard/cards (decision 136): the dashboard's first view, each part its own call's answer, only the cards
 * the site and the customer have, and read by staff for a customer, a line of each area it shows in her "who looked".
 */
describe("the dashboard's first view", () => {
  const ctx = useTestApp();
  const get = (url: string, host: string, cookie: string) => ctx.app.inject({ url, headers: { host, cookie } });

  it('has no spot prices for a customer of district heat alone, and no invoices on a site without them', async () => {
    const janis = await sessionCookieFor(ctx.database.db, PEOPLE.janis, 'daugava');
    const first = await get('/api/dashboard/cards', HOSTS.daugava, janis);
    expect(first.statusCode, first.body).toBe(200);
    const cards = dashboardCards.parse(first.json());
    expect(cards.usagePoints.map((point) => point.utility)).not.toContain('electricity');
    expect(cards.spot).toBeNull();
    expect(cards.invoices).toEqual((await get('/api/dashboard/invoices', HOSTS.daugava, janis)).json());

    const invoicing = and(eq(siteFeature.siteId, 'daugava'), eq(siteFeature.feature, 'INVOICES'));
    const [row] = await ctx.database.db.select().from(siteFeature).where(invoicing);
    await ctx.database.db.delete(siteFeature).where(invoicing);
    try {
      // The site's change reaches the copy through its notification (decision 071), a moment after the write.
      await vi.waitFor(async () => expect((await get('/api/dashboard/cards', HOSTS.daugava, janis)).json().invoices).toBeNull(), {
        timeout: 5_000,
        interval: 50,
      });
    } finally {
      await ctx.database.db.insert(siteFeature).values(row!);
    }
  });

  it('refuses a visitor who is not signed in', async () => {
    const response = await ctx.app.inject({ url: '/api/dashboard/cards', headers: { host: HOSTS.lumo } });
    expect(response.statusCode).toBe(401);
  });

  it('writes customer service\'s read of it in her "who looked at my data" under consumption and invoices', async () => {
    const db = ctx.database.db;
    const read = await get('/api/dashboard/cards', HOSTS.lumo, await staffActingFor(ctx.app, db, 'LUMO-100001'));
    expect(read.statusCode, read.body).toBe(200);
    await vi.waitFor(async () => {
      const lines = await db
        .select({ area: auditLog.dataArea })
        .from(auditLog)
        .where(and(eq(auditLog.siteId, 'lumo'), eq(auditLog.action, 'GET /api/dashboard/cards')));
      expect(lines.map((line) => line.area).sort()).toEqual(['consumption', 'invoices']);
    });
  });
});
