import { and, eq, like, sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { dataExport } from '../../db/schema/data-exports.ts';
import { auditLog } from '../../db/schema/identity.ts';
import { job } from '../../db/schema/jobs.ts';
import { meterReadingPhoto, meterRegisterReading } from '../../db/schema/meter-readings.ts';
import { inboxMessage, supportAttachment, supportTicket } from '../../db/schema/support.ts';
import { queryRows } from '../../platform/database.ts';
import { removeExpired, DEFAULT_RETENTION_DAYS } from '../../platform/retention.ts';
import { buildBilledContract, buildInvoice } from '../../test-support/billing-factories.ts';
import { insertReadings } from '../../test-support/energy-factories.ts';
import { PEOPLE, sessionCookieFor, staffActingFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { NOT_EXPORTED, TABLE_FILES } from './export-tables.ts';
import { EXPORT_FOLDERS } from './make-data-export.ts';

const DAY_MS = 24 * 3600 * 1000;

describe('a copy of everything about me (GDPR Art. 15 and 20)', () => {
  const ctx = useTestApp();

  const call = async (method: 'GET' | 'POST', url: string, cookie: string) =>
    ctx.app.inject({ method, url, headers: { host: HOSTS.lumo, cookie } });

  it('is asked for, made by a job, announced, downloaded as a ZIP checked file by file, and audited', async () => {
    const db = ctx.database.db;
    const contract = await buildBilledContract(db, { siteId: 'lumo', clientCode: 'LUMO-100002' });
    await buildInvoice(db, { contract, periodStart: '2026-09-01', dueDate: '2026-10-20' });
    await insertReadings(db, contract.meteringPointId, { from: new Date('2026-09-01T00:00:00Z'), to: new Date('2026-09-02T00:00:00Z') });
    // Another customer's contract on the same site: none of it may reach Mikko's copy.
    const stranger = await buildBilledContract(db, { siteId: 'lumo', clientCode: 'LUMO-100001' });
    const [ticket] = await db
      .insert(supportTicket)
      .values({
        siteId: 'lumo',
        customerId: contract.customerId,
        requestType: 'CONTACTREQ',
        subtypeCode: 'METER_READING',
        handlerGroup: 'customer-service',
        status: 'TS1',
        contactName: 'Mikko Korhonen',
        message: 'A photo of my meter',
        localeId: 'fi-FI',
      })
      .returning();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    await db.insert(supportAttachment).values({
      siteId: 'lumo',
      ticketId: ticket!.id,
      fileName: 'meter/photo.png',
      contentType: 'image/png',
      sizeBytes: png.length,
      content: png,
    });
    // A register reading Mikko entered with a photo of his meter (decision 112).
    const [entered] = await db
      .insert(meterRegisterReading)
      .values({
        siteId: 'lumo',
        customerId: contract.customerId,
        meteringPointId: contract.meteringPointId,
        readOn: '2026-09-02',
        value: '12345.678',
        unit: 'kWh',
        source: 'CUSTOMER',
        enteredBy: 'self',
      })
      .returning();
    await db
      .insert(meterReadingPhoto)
      .values({ readingId: entered!.id, fileName: 'register.png', contentType: 'image/png', sizeBytes: png.length, content: png });

    const cookie = await sessionCookieFor(db, PEOPLE.mikko, 'lumo', 'NEXT_LOCALE=en-GB');
    const asked = await call('POST', '/api/me/data-exports', cookie);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({ status: 'queued', readyAt: null, expiresAt: null });
    const id: string = asked.json().id;

    const again = await call('POST', '/api/me/data-exports', cookie);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'DATA_EXPORT_IN_PROGRESS' });
    expect((await call('GET', `/api/me/data-exports/${id}/download`, cookie)).json()).toMatchObject({ code: 'DATA_EXPORT_NOT_READY' });

    const outcomes = await ctx.app.jobs.runDue();
    expect(outcomes.find((outcome) => outcome.kind === 'data-exports.make')).toMatchObject({ outcome: 'done' });
    const [listed] = (await call('GET', '/api/me/data-exports', cookie)).json();
    expect(listed).toMatchObject({ id, status: 'ready' });
    expect(Date.parse(listed.expiresAt) - Date.parse(listed.readyAt)).toBe(7 * DAY_MS);

    const download = await call('GET', `/api/me/data-exports/${id}/download`, cookie);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(/my-data-\d{4}-\d{2}-\d{2}\.zip/);
    expect(Number(download.headers['content-length'])).toBe(listed.sizeBytes);
    const files = unzipSync(new Uint8Array(download.rawPayload));
    const names = Object.keys(files);

    // Every table file, the documents, both readings files, the support request's file and the README.
    expect(names).toEqual(expect.arrayContaining(['README.txt', ...TABLE_FILES.map((entry) => entry.file)]));
    expect(names.filter((name) => name.startsWith('contracts/') && name.endsWith('.pdf'))).toHaveLength(1);
    expect(names.filter((name) => name.startsWith('invoices/') && name.endsWith('.pdf'))).toHaveLength(1);
    expect(names).toContain(`energy/readings/${contract.gsrn}.csv`);
    expect(names).toContain(`energy/readings/${contract.gsrn}_green-button.xml`);
    expect(names).toContain(
      `support/attachments/${ticket!.id}/${names
        .find((name) => name.endsWith('photo.png'))!
        .split('/')
        .at(-1)}`,
    );
    expect(names.find((name) => name.endsWith('photo.png'))).toMatch(/-meter_photo\.png$/);

    const json = (name: string) => JSON.parse(strFromU8(files[name]!)) as Record<string, unknown>[];
    const readme = strFromU8(files['README.txt']!);
    expect(readme).toContain('A copy of your data at');
    for (const folder of EXPORT_FOLDERS) expect(readme).toContain(`${folder}/`);
    expect(json('profile/person.json')).toEqual([expect.objectContaining({ ssn: PEOPLE.mikko, name: 'Mikko Korhonen' })]);
    expect(json('profile/customer.json')).toEqual([expect.objectContaining({ client_code: 'LUMO-100002' })]);
    const contracts = json('contracts/contracts.json');
    expect(contracts.map((row) => row.id)).toContain(contract.id);
    expect(contracts.map((row) => row.id)).not.toContain(stranger.id);
    expect(contracts.every((row) => row.customer_id === contract.customerId)).toBe(true);
    expect(json('invoices/invoices.json')).toHaveLength(1);
    expect(json('invoices/rows.json').length).toBeGreaterThan(0);
    expect(json('contracts/price-components.json').length).toBeGreaterThan(0);
    // Secrets of the portal never leave it: no session token, no e-ID token.
    const sessions = json('sessions/sessions.json');
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((row) => !('session_token' in row))).toBe(true);
    expect(json('support/attachments.json')).toEqual([expect.not.objectContaining({ content: expect.anything() })]);
    expect(json('energy/meter-readings.json')).toEqual([expect.objectContaining({ id: entered!.id, value: 12345.678 })]);
    expect(json('energy/meter-reading-photos.json')).toEqual([
      expect.objectContaining({ reading_id: entered!.id, file_name: 'register.png' }),
    ]);
    expect(json('energy/meter-reading-photos.json')[0]).not.toHaveProperty('content');
    expect(Buffer.from(files[`energy/meter-reading-photos/${entered!.id}-register.png`]!)).toEqual(png);
    expect(strFromU8(files[`energy/readings/${contract.gsrn}.csv`]!).split('\r\n')).toHaveLength(2 + 24);
    expect(strFromU8(files[`energy/readings/${contract.gsrn}_green-button.xml`]!)).toContain(
      '<IntervalBlock xmlns="http://naesb.org/espi">',
    );
    expect(strFromU8(files[names.find((name) => name.startsWith('invoices/') && name.endsWith('.pdf'))!]!.slice(0, 5))).toBe('%PDF-');

    // Told in the inbox and by mail; every step in the audit log.
    const [message] = await db.select().from(inboxMessage).where(eq(inboxMessage.subjectKey, 'settings.data-export.ready.subject'));
    expect(message).toMatchObject({ customerId: contract.customerId });
    const mails = await db
      .select()
      .from(job)
      .where(and(eq(job.kind, 'mail.send'), eq(job.dedupeKey, `data-export-ready:${id}`)));
    expect(mails).toHaveLength(1);
    const lines = await db.select().from(auditLog).where(like(auditLog.action, 'data export %'));
    expect(lines.filter((line) => line.details?.includes(id) || line.requestId === `job:${id}`).map((line) => line.action)).toEqual(
      expect.arrayContaining(['data export requested', 'data export made', 'data export downloaded']),
    );
  });

  it('gives no other customer a copy, refuses staff acting for the customer, and forgets a copy past its days', async () => {
    const db = ctx.database.db;
    const mikko = await sessionCookieFor(db, PEOPLE.mikko, 'lumo');
    const [mine] = (await call('GET', '/api/me/data-exports', mikko)).json();
    const aino = await sessionCookieFor(db, PEOPLE.aino, 'lumo');
    expect((await call('GET', `/api/me/data-exports/${mine.id}/download`, aino)).json()).toMatchObject({ code: 'DATA_EXPORT_NOT_FOUND' });
    expect((await call('GET', '/api/me/data-exports', aino)).json()).toEqual([]);

    const refused = await call('POST', '/api/me/data-exports', await staffActingFor(ctx.app, db, 'LUMO-100002'));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'DATA_EXPORT_NOT_FOR_STAFF' });

    // Seven days on, the copy is gone from the list and its download; the nightly job removes it with its parts.
    await db
      .update(dataExport)
      .set({ readyAt: new Date(Date.now() - 8 * DAY_MS), expiresAt: new Date(Date.now() - DAY_MS) })
      .where(eq(dataExport.id, mine.id));
    expect((await call('GET', '/api/me/data-exports', mikko)).json()).toEqual([]);
    expect((await call('GET', `/api/me/data-exports/${mine.id}/download`, mikko)).statusCode).toBe(404);
    const removed = await removeExpired(db, { days: { ...DEFAULT_RETENTION_DAYS }, outboxDirs: [], now: new Date() });
    expect(removed['data-exports']).toBe(1);
    const left = await queryRows<{ parts: number }>(db, sql`select count(*)::int as parts from data_export_part`);
    expect(left[0]?.parts).toBe(0);
  });

  it('leaves out no table that holds a customer or a person, unless it says why', async () => {
    const tables = await queryRows<{ table_name: string }>(
      ctx.database.db,
      sql`select distinct table_name from information_schema.columns
          where table_schema = 'public' and column_name in ('customer_id', 'person_id', 'user_id')
            and table_name not like 'reading\\_%'`,
    );
    const exported = new Set(TABLE_FILES.map((entry) => entry.table));
    const missing = tables.map((row) => row.table_name).filter((table) => !exported.has(table) && !(table in NOT_EXPORTED));
    expect(missing).toEqual([]);
  });
});
