import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { siteFeature } from '../../db/schema/sites.ts';
import { latestOutboxMessage } from '../../integrations/mail/outbox.ts';
import { testBrowser } from '../../test-support/browser.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'portal-mail-'));

describe('sign-in by e-mail link (SIGN_IN_EMAIL_ONLY)', () => {
  const ctx = useTestApp({ DATA_DIR: dataDir });
  const portal = `http://${HOSTS.daugava}`;
  const outbox = join(dataDir, 'outbox');

  async function requestLink(browser: ReturnType<typeof testBrowser>, email: string) {
    await ctx.database.db.insert(siteFeature).values({ siteId: 'daugava', feature: 'SIGN_IN_EMAIL_ONLY' }).onConflictDoNothing();
    const csrf = (await browser.request(`${portal}/api/auth/csrf`)).json().csrfToken as string;
    return browser.request(`${portal}/api/auth/signin/email`, {
      method: 'POST',
      form: { csrfToken: csrf, email, callbackUrl: '/dashboard' },
    });
  }

  it('offers only the e-mail provider on such a site', async () => {
    await ctx.database.db.insert(siteFeature).values({ siteId: 'daugava', feature: 'SIGN_IN_EMAIL_ONLY' }).onConflictDoNothing();
    const providers = (await ctx.app.inject({ url: '/api/auth/providers', headers: { host: HOSTS.daugava } })).json();
    expect(Object.keys(providers)).toEqual(['email']);
  });

  it('mails a link to a known person that signs them in', async () => {
    const browser = testBrowser(ctx.app);
    const sent = await requestLink(browser, 'anna.berzina@example.lv');
    expect((await browser.follow(sent, portal)).url).toBe(`${portal}/auth/confirm-request?provider=email&type=email`);
    const mail = await latestOutboxMessage(outbox, 'anna.berzina@example.lv');
    expect(mail).toContain('Daugavas Siltums SIA');
    const link = /(http:\/\/daugava\.localhost[^\s"]+callback\/email[^\s"]+)/.exec(mail!.replace(/=\r?\n/g, '').replace(/=3D/g, '='))?.[1];
    expect(link).toBeTruthy();
    const back = await browser.follow(await browser.request(link!), link!);
    expect(back.url).toBe(`${portal}/dashboard`);
    const session = (await browser.request(`${portal}/api/auth/session`)).json();
    expect(session.user).toMatchObject({ name: 'Anna Bērziņa', clientCode: 'DS-300501' });
  });

  it('answers an unknown address exactly like a known one and sends nothing', async () => {
    const browser = testBrowser(ctx.app);
    const sent = await requestLink(browser, 'stranger@example.com');
    expect(new URL((await browser.follow(sent, portal)).url).pathname).toBe('/auth/confirm-request');
    expect(await latestOutboxMessage(outbox, 'stranger@example.com')).toBeNull();
  });
});
