import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/identity.ts';
import { DEMO_SITES } from '../../db/seed/demo-sites.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';

const lumoPayee = DEMO_SITES.find((site) => site.id === 'lumo')!.payee;

/** Issue 24: the seller and payee details an invoice prints live in the site's settings, edited by its administrator. */
describe('the site’s payee details in the admin area', () => {
  const ctx = useTestApp();
  let admin: string;
  let customer: string;

  beforeAll(async () => {
    admin = await sessionCookieFor(ctx.database.db, PEOPLE.jukkaAdmin, 'lumo');
    customer = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
  });

  const put = (body: unknown, cookie = admin) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/site/lumo/payee',
      headers: { host: HOSTS.lumo, cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const get = (cookie = admin) => ctx.app.inject({ url: '/api/admin/site/lumo/payee', headers: { host: HOSTS.lumo, cookie } });
  const lastAudit = async () => {
    const [line] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.siteId, 'lumo'), eq(auditLog.action, 'site payee changed')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    return line;
  };

  it('answers the seeded details with the site’s country, to its administrator only', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ countryCode: 'FI', payee: lumoPayee });
    expect((await get(customer)).statusCode).toBe(403);
  });

  it('saves a change in electronic form, answers it, prints it on the next invoice’s answer, and audits before and after', async () => {
    const changed = {
      ...lumoPayee,
      legalName: 'Lumo Energia Oyj',
      accounts: [{ iban: 'fi61 5715 0020 0123 45', bic: 'okoyfihh' }],
      referenceKind: 'national',
    };
    const response = await put(changed);
    expect(response.statusCode).toBe(200);
    const saved = { ...changed, accounts: [{ iban: 'FI6157150020012345', bic: 'OKOYFIHH' }] };
    expect(response.json()).toEqual({ countryCode: 'FI', payee: saved });
    expect((await get()).json().payee).toEqual(saved);
    const line = await lastAudit();
    expect(line).toMatchObject({ outcome: 'ok', before: lumoPayee, after: saved });
  });

  it('refuses malformed input with 400 naming each field, and writes nothing', async () => {
    const before = (await get()).json();
    const response = await put({
      ...lumoPayee,
      legalName: '',
      accounts: [{ iban: 'FI21 1234 5600 0007 86', bic: 'NOPE' }],
      vatNumber: 'twelve',
      referenceKind: 'barcode',
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    const paths = body.issues.map((issue: { path: string }) => issue.path);
    expect(paths).toEqual(
      expect.arrayContaining(['body.legalName', 'body.accounts.0.iban', 'body.accounts.0.bic', 'body.vatNumber', 'body.referenceKind']),
    );
    expect(body.message).toContain('iban must be a valid IBAN');
    expect((await put({ ...lumoPayee, accounts: [] })).statusCode).toBe(400);
    expect((await put({ ...lumoPayee, extra: true })).statusCode).toBe(400);
    expect((await get()).json()).toEqual(before);
  });

  it('refuses with 422 what does not fit a Finnish site: another country’s business ID, a VAT number not of the Y-tunnus, no reference', async () => {
    const before = (await get()).json();
    const auditBefore = await lastAudit();
    const cases = [
      [{ businessId: '2468135-8' }, 'PAYEE_BUSINESS_ID_INVALID', 'Y-tunnus'],
      [{ businessId: '12345678' }, 'PAYEE_BUSINESS_ID_INVALID', 'Y-tunnus'],
      [{ vatNumber: 'EE102468135' }, 'PAYEE_VAT_NUMBER_INVALID', 'FI24681357'],
      [{ vatNumber: 'FI12345678' }, 'PAYEE_VAT_NUMBER_INVALID', 'FI24681357'],
      [{ referenceKind: 'none' }, 'PAYEE_REFERENCE_KIND_INVALID', 'national or rf'],
    ] as const;
    for (const [change, code, hint] of cases) {
      const response = await put({ ...lumoPayee, ...change });
      expect(response.statusCode, code).toBe(422);
      expect(response.json()).toMatchObject({ code, customerFacing: true });
      expect(response.json().message).toContain(hint);
    }
    expect((await get()).json()).toEqual(before);
    expect((await lastAudit())?.id).toBe(auditBefore?.id);
  });
});
