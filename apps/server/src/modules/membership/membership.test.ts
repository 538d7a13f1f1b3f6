import { describe, expect, it } from 'vitest';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { sessionCookieFor } from '../../test-support/sessions.ts';

const ANNA = 'LV150385-12346';
const JANIS = 'LV220790-45671';

describe('GET /api/me/membership', () => {
  const ctx = useTestApp();
  const get = (cookie: string, host: string = HOSTS.daugava) => ctx.app.inject({ url: '/api/me/membership', headers: { host, cookie } });

  it("answers the acting customer's member number, and nulls for a customer who is not a member", async () => {
    const anna = await sessionCookieFor(ctx.database.db, ANNA, 'daugava');
    expect((await get(anna)).json()).toEqual({ membershipNumber: 'DSB-004512', memberSince: '2018-04-16' });
    const janis = await sessionCookieFor(ctx.database.db, JANIS, 'daugava');
    expect((await get(janis)).json()).toEqual({ membershipNumber: 'DSB-011873', memberSince: '2021-09-01' });
    // Jānis acting for his company: the company is no member.
    const company = await sessionCookieFor(ctx.database.db, JANIS, 'daugava', 'representative-code=rc-ds-janis-ozolu');
    expect((await get(company)).json()).toEqual({ membershipNumber: null, memberSince: null });
  });

  it('exists only where the site has membership numbers', async () => {
    const aino = await sessionCookieFor(ctx.database.db, 'FI131052-308T', 'lumo');
    expect((await get(aino, HOSTS.lumo)).json()).toMatchObject({ statusCode: 404, code: 'FEATURE_DISABLED' });
  });
});
