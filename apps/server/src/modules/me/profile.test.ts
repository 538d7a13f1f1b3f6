import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, person } from '../../db/schema/identity.ts';
import { job } from '../../db/schema/jobs.ts';
import { emailChange } from '../../db/schema/settings.ts';
import { siteFeature } from '../../db/schema/sites.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';

describe('profile settings', () => {
  const ctx = useTestApp();
  const put = (cookie: string, body: unknown, host: string = HOSTS.lumo) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/me',
      headers: { host, cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const confirm = (cookie: string, token: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/me/email-confirmation',
      headers: { host: HOSTS.lumo, cookie, 'content-type': 'application/json' },
      payload: { token },
    });
  const me = async (cookie: string) => (await ctx.app.inject({ url: '/api/me', headers: { host: HOSTS.lumo, cookie } })).json();
  /** The link of the last confirmation mail queued to an address, as the person would click it. */
  const mailedToken = async (to: string) => {
    const mails = await ctx.database.db.select().from(job).where(eq(job.kind, 'mail.send')).orderBy(desc(job.id));
    const mail = mails.map((row) => row.payload as { to: string; text: string; subject: string }).find((payload) => payload.to === to);
    const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
    return { mail, link, token: link ? new URL(link).searchParams.get('token')! : '' };
  };
  const base = { email: null, phone: null, preferredLocale: null, contactPreference: 'email' } as const;

  it('keeps the old e-mail until the mailed link is followed, then uses the new one; the link works once', async () => {
    const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.mikko, 'lumo');
    const before = await me(cookie);
    const response = await put(cookie, { ...base, email: ' Mikko.New@Example.fi ', preferredLocale: 'fi-FI' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: before.email, pendingEmail: 'mikko.new@example.fi', preferredLocale: 'fi-FI' });

    const { mail, link, token } = await mailedToken('mikko.new@example.fi');
    expect(link).toMatch(/^http:\/\/lumo\.localhost:3000\/settings\/email-confirmation\?token=/);
    expect(mail?.subject).toContain('Lumo');
    const [stored] = await ctx.database.db.select().from(emailChange).where(eq(emailChange.newEmail, 'mikko.new@example.fi'));
    expect(stored!.tokenHash).not.toContain(token);

    const confirmed = await confirm(cookie, token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ email: 'mikko.new@example.fi', pendingEmail: null });
    const again = await confirm(cookie, token);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'EMAIL_LINK_USED', customerFacing: true });
  });

  it("refuses another person's link, an expired link, and changes nothing", async () => {
    const mikko = await sessionCookieFor(ctx.database.db, PEOPLE.mikko, 'lumo');
    const aino = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    await put(mikko, { ...base, email: 'mikko.other@example.fi' });
    const { token } = await mailedToken('mikko.other@example.fi');
    const stolen = await confirm(aino, token);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().code).toBe('EMAIL_LINK_INVALID');

    await ctx.database.db
      .update(emailChange)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChange.newEmail, 'mikko.other@example.fi'));
    const expired = await confirm(mikko, token);
    expect(expired.json()).toMatchObject({ statusCode: 422, code: 'EMAIL_LINK_EXPIRED' });
    const after = await me(mikko);
    expect(after.email).not.toBe('mikko.other@example.fi');
    expect(after.pendingEmail).toBeNull();
  });

  it('saves marketing channels once each and refuses a language the site does not offer', async () => {
    const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    const saved = await put(cookie, { ...base, marketingChannels: ['Email', 'Post', 'Email'] });
    expect(saved.json().marketingChannels).toEqual(['Email', 'Post']);
    const kept = await put(cookie, { ...base, contactPreference: 'none' });
    expect(kept.json()).toMatchObject({ marketingChannels: ['Email', 'Post'], contactPreference: 'none' });
    const unknown = await put(cookie, { ...base, marketingChannels: ['Pigeon'] });
    expect(unknown.statusCode).toBe(400);
    const notOffered = await put(cookie, { ...base, preferredLocale: 'lv-LV' });
    expect(notOffered.json()).toMatchObject({ statusCode: 400, code: 'PREFERRED_LOCALE_NOT_OFFERED' });
  });

  it('reads a phone number in the site country and keeps it unchanged where the site hides phone numbers', async () => {
    const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.jaan, 'virmalise');
    const saved = await put(cookie, { ...base, phone: '5123 4567' }, HOSTS.virmalise);
    expect(saved.json().phone).toBe('+37251234567');
    const finnish = await put(cookie, { ...base, phone: '040 123 4567' }, HOSTS.virmalise);
    expect(finnish.json().code).toBe('INVALID_PHONE');
    // As a phone's contact card or a web page hands it over: no-break and zero-width spaces, an en dash.
    const pasted = await put(cookie, { ...base, phone: '\u200b+372\u00a05123\u20134567\u2060' }, HOSTS.virmalise);
    expect(pasted.json().phone).toBe('+37251234567');
    // Daugava hides phone numbers from here on (asked before any call there, so no cached copy of the site differs).
    await ctx.database.db.insert(siteFeature).values({ siteId: 'daugava', feature: 'SETTINGS_PHONE_NUMBER_DISABLED' });
    const elsewhere = await sessionCookieFor(ctx.database.db, PEOPLE.jaan, 'daugava');
    const hidden = await put(elsewhere, { ...base, phone: '2000 0000' }, HOSTS.daugava);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().phone).toBe('+37251234567');
  });

  it("shows and changes the customer's profile to staff acting for a private customer, and audits the change", async () => {
    const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.sannaStaff, 'lumo', 'cs-representative-code=LUMO-100001');
    const shown = await ctx.app.inject({ url: '/api/me', headers: { host: HOSTS.lumo, cookie } });
    expect(shown.json()).toMatchObject({ ssn: PEOPLE.aino, name: 'Aino Virtanen' });
    const response = await put(cookie, { ...base, preferredLocale: 'en-GB' });
    expect(response.statusCode).toBe(200);
    const [aino] = await ctx.database.db.select().from(person).where(eq(person.ssn, PEOPLE.aino));
    expect(aino!.preferredLocale).toBe('en-GB');
    const [sanna] = await ctx.database.db.select().from(person).where(eq(person.ssn, PEOPLE.sannaStaff));
    expect(sanna!.preferredLocale).not.toBe('en-GB');
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'PUT /api/me'), eq(auditLog.outcome, '200')));
    expect(entry).toMatchObject({ siteId: 'lumo' });
    const [staff] = await ctx.database.db.select().from(person).where(eq(person.ssn, PEOPLE.sannaStaff));
    expect(entry!.personId).toBe(staff!.id);
    expect(entry!.customerId).not.toBeNull();
  });

  it('has no personal profile to show staff acting for a company', async () => {
    const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.sannaStaff, 'lumo', 'cs-representative-code=LUMO-200001');
    const shown = await ctx.app.inject({ url: '/api/me', headers: { host: HOSTS.lumo, cookie } });
    expect(shown.json()).toMatchObject({ statusCode: 404, code: 'PROFILE_NOT_FOUND' });
  });
});
