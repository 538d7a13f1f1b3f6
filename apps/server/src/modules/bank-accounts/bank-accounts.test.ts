import { and, eq } from 'drizzle-orm';
import { isValidBIC } from 'ibantools';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/identity.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { bicOf, KNOWN_BICS } from './bank-identifiers.ts';

describe('bank accounts', () => {
  const ctx = useTestApp();
  const call = (cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: { host: HOSTS.lumo, cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });

  it('adds an account typed with spaces, looks up its BIC, lists it, and refuses the same IBAN again', async () => {
    const aino = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    const added = await call(aino, 'POST', '/api/me/bank-accounts', { iban: ' fi21 1234 5600 0007 85 ', ownerName: ' Aino Virtanen ' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ iban: 'FI2112345600000785', bic: 'NDEAFIHH', ownerName: 'Aino Virtanen' });
    const list = await call(aino, 'GET', '/api/me/bank-accounts');
    expect(list.json()).toEqual([added.json()]);
    const again = await call(aino, 'POST', '/api/me/bank-accounts', { iban: 'FI2112345600000785', ownerName: 'Aino' });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'BANK_ACCOUNT_EXISTS', customerFacing: true });
  });

  it('answers bad input with 400 naming the field and stores nothing', async () => {
    const mikko = await sessionCookieFor(ctx.database.db, PEOPLE.mikko, 'lumo');
    const badChecksum = await call(mikko, 'POST', '/api/me/bank-accounts', { iban: 'FI2112345600000786', ownerName: 'Mikko' });
    expect(badChecksum.statusCode).toBe(400);
    expect(badChecksum.json().issues[0]).toMatchObject({ path: 'body.iban', message: 'iban must be a valid IBAN' });
    // A valid IBAN outside SEPA cannot carry a SEPA refund or direct debit.
    const outside = await call(mikko, 'POST', '/api/me/bank-accounts', { iban: 'BR1800360305000010009795493C1', ownerName: 'Mikko' });
    expect(outside.json().issues[0].message).toBe('iban must be of a SEPA country');
    const noOwner = await call(mikko, 'POST', '/api/me/bank-accounts', { iban: 'FI2112345600000785', ownerName: '  ' });
    expect(noOwner.json().issues[0].path).toBe('body.ownerName');
    const badId = await call(mikko, 'DELETE', '/api/me/bank-accounts/not-a-uuid');
    expect(badId.statusCode).toBe(400);
    expect((await call(mikko, 'GET', '/api/me/bank-accounts')).json()).toEqual([]);
  });

  it("keeps customers apart: B neither sees nor deletes A's account; A deletes it once", async () => {
    const aino = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    const mikko = await sessionCookieFor(ctx.database.db, PEOPLE.mikko, 'lumo');
    const added = (await call(aino, 'POST', '/api/me/bank-accounts', { iban: 'FI60 5000 0120 2533 45', ownerName: 'Aino' })).json();
    expect(added.bic).toBe('OKOYFIHH');
    expect((await call(mikko, 'GET', '/api/me/bank-accounts')).json()).toEqual([]);
    const foreign = await call(mikko, 'DELETE', `/api/me/bank-accounts/${added.bankAccountId}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('BANK_ACCOUNT_NOT_FOUND');
    // Mikko may add the same IBAN to his own accounts: uniqueness is per customer.
    expect((await call(mikko, 'POST', '/api/me/bank-accounts', { iban: 'FI6050000120253345', ownerName: 'Mikko' })).statusCode).toBe(201);
    // Aino acting for her company sees the company's accounts, not her own.
    const company = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo', 'representative-code=rc-lumo-aino-revontuli');
    expect((await call(company, 'GET', '/api/me/bank-accounts')).json()).toEqual([]);

    expect((await call(aino, 'DELETE', `/api/me/bank-accounts/${added.bankAccountId}`)).statusCode).toBe(204);
    expect((await call(aino, 'DELETE', `/api/me/bank-accounts/${added.bankAccountId}`)).statusCode).toBe(404);
    expect((await call(aino, 'GET', '/api/me/bank-accounts')).json().map((account: { iban: string }) => account.iban)).toEqual([
      'FI2112345600000785',
    ]);
  });

  it('audits what staff acting for a customer add', async () => {
    const staff = await sessionCookieFor(ctx.database.db, PEOPLE.sannaStaff, 'lumo', 'cs-representative-code=LUMO-100002');
    const added = await call(staff, 'POST', '/api/me/bank-accounts', { iban: 'FI4950009420028730', ownerName: 'Mikko Korhonen' });
    expect(added.statusCode).toBe(201);
    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'POST /api/me/bank-accounts'), eq(auditLog.outcome, '201')));
    expect(entries).toHaveLength(1);
    const mikko = await sessionCookieFor(ctx.database.db, PEOPLE.mikko, 'lumo');
    expect((await call(mikko, 'GET', '/api/me/bank-accounts')).json().map((account: { iban: string }) => account.iban)).toContain(
      'FI4950009420028730',
    );
  });

  it('adds an IBAN pasted from a bank app or a PDF, grouped by no-break or narrow spaces, in its electronic form', async () => {
    const mikko = await sessionCookieFor(ctx.database.db, PEOPLE.mikko, 'lumo');
    const noBreak = await call(mikko, 'POST', '/api/me/bank-accounts', {
      iban: 'FI21\u00a01234\u00a05600\u00a00007\u00a085',
      ownerName: 'Mikko',
    });
    expect(noBreak.statusCode, noBreak.body).toBe(201);
    expect(noBreak.json()).toMatchObject({ iban: 'FI2112345600000785', bic: 'NDEAFIHH' });
    const narrow = await call(mikko, 'POST', '/api/me/bank-accounts', {
      iban: '\u200bEE38\u202f2200\u202f2210\u202f2014\u202f5685\u2060',
      ownerName: 'Mikko',
    });
    expect(narrow.statusCode, narrow.body).toBe(201);
    expect(narrow.json().iban).toBe('EE382200221020145685');
    // The same account pasted again is the same account.
    const again = await call(mikko, 'POST', '/api/me/bank-accounts', { iban: 'fi21 1234 5600 0007 85', ownerName: 'Mikko' });
    expect(again.json()).toMatchObject({ code: 'BANK_ACCOUNT_EXISTS' });
  });

  it('looks up only real BICs, and none for a bank it does not know', () => {
    expect(bicOf('EE382200221020145685')).toBe('HABAEE2X');
    expect(bicOf('LV80BANK0000435195001')).toBeNull();
    expect(bicOf('DE89370400440532013000')).toBeNull();
    for (const iban of ['FI2112345600000785', 'FI6050000120253345', 'EE382200221020145685']) expect(isValidBIC(bicOf(iban)!)).toBe(true);
    // Every BIC of the kept table is a valid BIC of its own country (letters 5 and 6).
    const wrong = KNOWN_BICS.filter(({ countryCode, bic }) => !isValidBIC(bic) || bic.slice(4, 6) !== countryCode);
    expect(wrong).toEqual([]);
  });
});
