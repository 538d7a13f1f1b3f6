import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/identity.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';

describe('contacts', () => {
  const ctx = useTestApp();
  const call = (cookie: string, method: 'GET' | 'PUT', url: string, body?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: { host: HOSTS.lumo, cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
  const save = (cookie: string, contacts: unknown[]) => call(cookie, 'PUT', '/api/me/contacts', { contacts });

  it('saves the list normalised, keeps ids of contacts that stay, and names the primary ones', async () => {
    const aino = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    const first = await save(aino, [
      { name: 'Home', method: 'Email', value: 'Aino@Example.FI', primary: true },
      { name: 'Mobile', method: 'Gsm', value: '040 123 4567', primary: true },
      { name: 'Work', method: 'Phone', value: '09 4250 1000', primary: false },
    ]);
    expect(first.statusCode).toBe(200);
    const saved = first.json<{ id: number; method: string; value: string; primary: boolean }[]>();
    expect(saved.map(({ method, value, primary }) => ({ method, value, primary }))).toEqual([
      { method: 'Email', value: 'aino@example.fi', primary: true },
      { method: 'Gsm', value: '+358401234567', primary: true },
      { method: 'Phone', value: '+358942501000', primary: false },
    ]);
    const email = saved.find((item) => item.method === 'Email')!;
    const phone = saved.find((item) => item.method === 'Phone')!;
    // Swap which is primary in one save, drop the mobile: the indexes judge the end state.
    const second = await save(aino, [
      { id: email.id, name: 'Home', method: 'Email', value: 'aino@example.fi', primary: false },
      { name: 'Other', method: 'Email', value: 'aino.other@example.fi', primary: true },
      { id: phone.id, name: 'Work', method: 'Phone', value: '+358942501000', primary: true },
    ]);
    expect(second.statusCode).toBe(200);
    expect(second.json().find((item: { value: string }) => item.value === 'aino@example.fi').id).toBe(email.id);
    const primaries = (await call(aino, 'GET', '/api/me/primary-contacts')).json();
    expect(primaries.map((item: { value: string }) => item.value)).toEqual(['aino.other@example.fi', '+358942501000']);
  });

  it('answers bad lists with 400 naming the contact, and writes nothing', async () => {
    const mikko = await sessionCookieFor(ctx.database.db, PEOPLE.mikko, 'lumo');
    const badEmail = await save(mikko, [{ name: '', method: 'Email', value: 'not-an-address', primary: false }]);
    expect(badEmail.json().issues[0]).toMatchObject({ path: 'body.contacts.0.value' });
    const twoPrimaries = await save(mikko, [
      { name: '', method: 'Email', value: 'a@example.fi', primary: true },
      { name: '', method: 'Email', value: 'b@example.fi', primary: true },
    ]);
    expect(twoPrimaries.json().issues[0]).toMatchObject({ path: 'body.contacts.1.primary', message: 'one primary contact per method' });
    const landlineAsGsm = await save(mikko, [{ name: '', method: 'Gsm', value: '09 4250 1000', primary: false }]);
    expect(landlineAsGsm.json()).toMatchObject({ statusCode: 400, code: 'INVALID_PHONE' });
    const sameTwice = await save(mikko, [
      { name: '', method: 'Gsm', value: '040 123 4567', primary: false },
      { name: '', method: 'Gsm', value: '+358401234567', primary: false },
    ]);
    expect(sameTwice.json()).toMatchObject({ statusCode: 400, code: 'CONTACT_DUPLICATE' });
    expect((await call(mikko, 'GET', '/api/me/contacts')).json()).toEqual([]);
  });

  it("keeps customers apart: B cannot rename A's contact by its id, and sees none of A's", async () => {
    const aino = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    const mikko = await sessionCookieFor(ctx.database.db, PEOPLE.mikko, 'lumo');
    const ainos = (await call(aino, 'GET', '/api/me/contacts')).json<{ id: number }[]>();
    const taken = await save(mikko, [{ id: ainos[0]!.id, name: 'Mine', method: 'Email', value: 'mikko@example.fi', primary: true }]);
    expect(taken.statusCode).toBe(404);
    expect(taken.json().code).toBe('CONTACT_NOT_FOUND');
    expect((await call(mikko, 'GET', '/api/me/contacts')).json()).toEqual([]);
    expect((await call(aino, 'GET', '/api/me/contacts')).json()).toEqual(ainos);
  });

  it('audits changes staff make while acting for the customer', async () => {
    const staff = await sessionCookieFor(ctx.database.db, PEOPLE.sannaStaff, 'lumo', 'cs-representative-code=LUMO-100002');
    const saved = await save(staff, [{ name: 'Asked by phone', method: 'Email', value: 'mikko.k@example.fi', primary: true }]);
    expect(saved.statusCode).toBe(200);
    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'PUT /api/me/contacts'), eq(auditLog.outcome, '200')));
    expect(entries).toHaveLength(1);
  });

  it('saves phone numbers pasted with no-break or narrow spaces, and knows a pasted copy of a number already listed', async () => {
    const mikko = await sessionCookieFor(ctx.database.db, PEOPLE.mikko, 'lumo');
    const saved = await save(mikko, [{ name: 'Mobile', method: 'Gsm', value: '040\u00a0123\u202f4567', primary: true }]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()[0]).toMatchObject({ method: 'Gsm', value: '+358401234567' });
    const twice = await save(mikko, [
      { name: '', method: 'Phone', value: '09 4250 1000', primary: false },
      { name: '', method: 'Phone', value: '09\u00a04250\u00a01000', primary: false },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().issues[0]).toMatchObject({ path: 'body.contacts.1.value', message: 'the same contact is listed twice' });
  });
});
