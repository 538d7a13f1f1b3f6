import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dataExport } from '../../db/schema/data-exports.ts';
import { pushSubscription } from '../../db/schema/notifications.ts';
import { supportAttachment, supportTicket } from '../../db/schema/support.ts';
import { queryRows } from '../../platform/database.ts';
import { buildBilledContract, buildInvoice } from '../../test-support/billing-factories.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { NOT_EXPORTED, TABLE_FILES } from '../data-exports/export-tables.ts';
import { ERASURE_RULES, type ErasureSubject } from './erasure-rules.ts';

const MIKKO = 'LUMO-100002';
const KADRI_STAFF = 'EE38705120226';

describe('closing my account (GDPR Art. 17)', () => {
  const ctx = useTestApp();
  const db = () => ctx.database.db;
  const call = (method: 'GET' | 'POST', url: string, cookie: string, host: string = HOSTS.lumo) =>
    ctx.app.inject({ method, url, headers: { host, cookie } });
  const one = async <T>(statement: ReturnType<typeof sql>) => (await queryRows<T>(db(), statement))[0]!;
  const mikkoId = async () => (await one<{ id: string }>(sql`select id from customer where client_code = ${MIKKO}`)).id;

  /** A contract of Mikko's in force, with an unpaid invoice. */
  const billMikko = async () => {
    const contract = await buildBilledContract(db(), { siteId: 'lumo', clientCode: MIKKO });
    await buildInvoice(db(), { contract, periodStart: '2026-05-01', dueDate: '2026-06-20', paymentStatus: 'unpaid' });
    return contract;
  };

  /** Every contract of Mikko's ended and every invoice paid: nothing keeps him any more. */
  const settle = async () => {
    const id = await mikkoId();
    if ((await one<{ rows: number }>(sql`select count(*)::int as rows from contract where customer_id = ${id}`)).rows === 0)
      await billMikko();
    await db().execute(sql`update contract set status = 'ended', end_date = coalesce(end_date, '2026-06-30') where customer_id = ${id}`);
    await db().execute(sql`update invoice set payment_status = 'paid', paid_at = coalesce(paid_at, now()) where customer_id = ${id}`);
  };

  it('is refused while a contract is in force, then while an invoice is unpaid, and recorded once both are settled', async () => {
    const id = await mikkoId();
    await billMikko();
    const cookie = await sessionCookieFor(db(), PEOPLE.mikko, 'lumo');
    const inForce = await call('POST', '/api/me/erasure-request', cookie);
    expect(inForce.statusCode, inForce.body).toBe(422);
    expect(inForce.json().code).toBe('ERASURE_CONTRACT_IN_FORCE');

    await db().execute(sql`update contract set status = 'ended', end_date = coalesce(end_date, '2026-06-30') where customer_id = ${id}`);
    const [invoice] = await queryRows<{ id: string }>(db(), sql`select id from invoice where customer_id = ${id} limit 1`);
    await db().execute(sql`update invoice set payment_status = 'unpaid', paid_at = null where id = ${invoice!.id}`);
    const unpaid = await call('POST', '/api/me/erasure-request', cookie);
    expect(unpaid.statusCode, unpaid.body).toBe(422);
    expect(unpaid.json().code).toBe('ERASURE_INVOICE_UNPAID');
    expect((await call('GET', '/api/me/erasure-request', cookie)).json()).toEqual({ request: null });

    await settle();
    const asked = await call('POST', '/api/me/erasure-request', cookie);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({ status: 'requested', doneAt: null });
    // Asking again answers with the same request.
    expect((await call('POST', '/api/me/erasure-request', cookie)).json().id).toBe(asked.json().id);
    expect((await call('GET', '/api/me/erasure-request', cookie)).json()).toEqual({ request: asked.json() });
    const audited = await one<{ lines: number }>(
      sql`select count(*)::int as lines from audit_log where customer_id = ${id} and action = 'erasure requested'`,
    );
    expect(audited.lines).toBe(1);
  });

  it('is not asked for by staff acting for the customer', async () => {
    await settle();
    const staff = await sessionCookieFor(db(), PEOPLE.sannaStaff, 'lumo');
    const acting = await call('POST', '/api/me/erasure-request', `${staff}; cs-representative-code=${MIKKO}`);
    expect(acting.statusCode, acting.body).toBe(422);
    expect(acting.json().code).toBe('ERASURE_NOT_FOR_STAFF');
  });

  it("is in the queue of the site's customer service only, and another site's staff cannot carry it out", async () => {
    await settle();
    const asked = await call('POST', '/api/me/erasure-request', await sessionCookieFor(db(), PEOPLE.mikko, 'lumo'));
    const lumoStaff = await sessionCookieFor(db(), PEOPLE.sannaStaff, 'lumo');
    const queue = await call('GET', '/api/staff/erasure-requests', lumoStaff);
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json()).toEqual([
      { id: asked.json().id, clientCode: MIKKO, customerName: 'Mikko Korhonen', requestedAt: asked.json().requestedAt },
    ]);

    const otherStaff = await sessionCookieFor(db(), KADRI_STAFF, 'virmalise');
    expect((await call('GET', '/api/staff/erasure-requests', otherStaff, HOSTS.virmalise)).json()).toEqual([]);
    const foreign = await call('POST', `/api/staff/erasure-requests/${asked.json().id}/carry-out`, otherStaff, HOSTS.virmalise);
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect(foreign.json().code).toBe('ERASURE_REQUEST_NOT_FOUND');
    // A customer is no one's staff: the queue is customer service's.
    const customer = await sessionCookieFor(db(), PEOPLE.aino, 'lumo');
    expect((await call('GET', '/api/staff/erasure-requests', customer)).statusCode).toBe(403);
  });

  it('carried out, removes or pseudonymises every table by its rule, keeps the invoices with their amounts, and ends sign-in', async () => {
    const id = await mikkoId();
    await settle();
    const person = await one<{ id: string }>(sql`select id from person where ssn = ${PEOPLE.mikko}`);
    // Mikko is also Kallio Verkot's customer (his cottage's network); here he is Lumo's only, a person forgotten whole.
    await db().execute(sql`delete from customer_access where person_id = ${person.id} and customer_id <> ${id}`);
    // Data of every kind the rules name, beyond what the demo data already gives Mikko.
    const [ticket] = await db()
      .insert(supportTicket)
      .values({
        siteId: 'lumo',
        customerId: id,
        requestType: 'CONTACTREQ',
        subtypeCode: 'METER_READING',
        handlerGroup: 'customer-service',
        status: 'TS1',
        contactName: 'Mikko Korhonen',
        message: 'Call me on 040 123 4567',
        localeId: 'fi-FI',
      })
      .returning();
    await db()
      .insert(supportAttachment)
      .values({
        siteId: 'lumo',
        ticketId: ticket!.id,
        fileName: 'meter.png',
        contentType: 'image/png',
        sizeBytes: 1,
        content: Buffer.from('x'),
      });
    await db()
      .insert(pushSubscription)
      .values({ siteId: 'lumo', customerId: id, personId: person.id, endpoint: 'https://push.example/mikko', p256dh: 'k', auth: 'a' });
    await db().execute(
      sql`insert into customer_contact (site_id, customer_id, name, method, value, is_primary) values ('lumo', ${id}, 'Mikko Korhonen', 'Email', 'mikko@example.fi', true)`,
    );
    await db().insert(dataExport).values({ siteId: 'lumo', customerId: id, personId: person.id, localeId: 'fi-FI' });
    await db().execute(
      sql`update contract set contact_email = 'mikko@example.fi', contact_phone = '+358401234567' where customer_id = ${id}`,
    );
    const invoicesBefore = await queryRows(
      db(),
      sql`select id, invoice_number, net_cents, vat_cents, total_cents, issue_date from invoice where customer_id = ${id} order by id`,
    );
    expect(invoicesBefore.length).toBeGreaterThan(0);

    const mikko = await sessionCookieFor(db(), PEOPLE.mikko, 'lumo');
    const asked = await call('POST', '/api/me/erasure-request', mikko);
    const { token } = await one<{ token: string }>(sql`select token from erasure_request where id = ${asked.json().id}`);
    const subject: ErasureSubject = { siteId: 'lumo', customerId: id, personIds: [person.id], token };
    const staff = await sessionCookieFor(db(), PEOPLE.sannaStaff, 'lumo');
    const done = await call('POST', `/api/staff/erasure-requests/${asked.json().id}/carry-out`, staff);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().request).toMatchObject({ status: 'done' });
    for (const table of [
      'auth_session',
      'customer_access',
      'customer_contact',
      'push_subscription',
      'support_ticket',
      'support_attachment',
      'data_export',
    ])
      expect(done.json().removed[table], table).toBeGreaterThan(0);

    for (const rule of ERASURE_RULES) {
      if (rule.rule !== 'remove') continue;
      const left = await one<{ rows: number }>(
        sql`select count(*)::int as rows from ${sql.identifier(rule.table)} where ${rule.where(subject)}`,
      );
      expect(left.rows, rule.table).toBe(0);
    }
    expect(await one(sql`select name, business_code, membership_number from customer where id = ${id}`)).toEqual({
      name: token,
      business_code: null,
      membership_number: null,
    });
    expect(await one(sql`select name, email, ssn, phone from person where id = ${person.id}`)).toEqual({
      name: token,
      email: null,
      ssn: null,
      phone: null,
    });
    const contacts = await queryRows(db(), sql`select contact_email, contact_phone from contract where customer_id = ${id}`);
    expect(contacts.length).toBeGreaterThan(0);
    expect(contacts.every((row) => JSON.stringify(row) === '{"contact_email":null,"contact_phone":null}')).toBe(true);
    const leftIps = await one<{ rows: number }>(
      sql`select count(*)::int as rows from audit_log where customer_id = ${id} and ip_address is not null and action <> 'erasure carried out'`,
    );
    expect(leftIps.rows).toBe(0);
    // Bookkeeping keeps the invoices as they were.
    expect(
      await queryRows(
        db(),
        sql`select id, invoice_number, net_cents, vat_cents, total_cents, issue_date from invoice where customer_id = ${id} order by id`,
      ),
    ).toEqual(invoicesBefore);
    expect((await call('GET', '/api/staff/erasure-requests', staff)).json()).toEqual([]);
    expect(
      await one(
        sql`select count(*)::int as lines from audit_log where customer_id = ${id} and action = 'erasure carried out' and actor_role = 'customer-service'`,
      ),
    ).toEqual({ lines: 1 });

    // No one signs in as Mikko any more: his session is gone, and his e-ID is linked to no one.
    expect((await call('GET', '/api/me/erasure-request', mikko)).statusCode).toBe(401);
    expect(await one(sql`select count(*)::int as people from person where ssn = ${PEOPLE.mikko}`)).toEqual({ people: 0 });
    expect(await one(sql`select count(*)::int as links from auth_account where user_id = ${person.id}`)).toEqual({ links: 0 });
    // And customer service no longer find him by his name.
    const found = await call('GET', `/api/staff/customers?q=${encodeURIComponent('Mikko Korhonen')}`, staff);
    expect(found.json().results.map((row: { clientCode: string }) => row.clientCode)).not.toContain(MIKKO);
  });

  it('has a rule for every table that holds a customer or a person', async () => {
    const tables = await queryRows<{ table_name: string }>(
      db(),
      sql`select distinct table_name from information_schema.columns
          where table_schema = 'public' and column_name in ('customer_id', 'person_id', 'user_id')
            and table_name not like 'reading\\_%'`,
    );
    const ruled = new Set(ERASURE_RULES.map((rule) => rule.table));
    const customerTables = new Set([
      ...tables.map((row) => row.table_name),
      ...TABLE_FILES.map((entry) => entry.table),
      ...Object.keys(NOT_EXPORTED),
    ]);
    expect([...customerTables].filter((table) => !ruled.has(table))).toEqual([]);
  });
});
