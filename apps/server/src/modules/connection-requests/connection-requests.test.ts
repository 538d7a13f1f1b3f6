import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, shiftYears, todayIn } from '@portal/schema/calendar-dates';
import type { ConnectionRequestDetail, StaffConnectionRequest } from '@portal/schema/connection-requests';
import { connectionRequest, connectionRequestAttachment } from '../../db/schema/connection-requests.ts';
import { auditLog } from '../../db/schema/identity.ts';
import { notificationDelivery } from '../../db/schema/notifications.ts';
import { customerContact, notificationSetting } from '../../db/schema/settings.ts';
import { siteFeature } from '../../db/schema/sites.ts';
import { buildMeteringPoint } from '../../test-support/energy-factories.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';

const TIINA_STAFF = 'FI110476-2212';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function multipart(request: object, files: { content: Buffer; name: string }[]) {
  const form = new FormData();
  form.append('request', JSON.stringify(request));
  for (const file of files) form.append('files', new Blob([new Uint8Array(file.content)]), file.name);
  const built = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await built.arrayBuffer()), contentType: built.headers.get('content-type')! };
}

describe('connection requests (decision 124)', () => {
  const ctx = useTestApp();
  const today = todayIn('Europe/Helsinki');
  let aino = '';
  let mikko = '';
  let tiina = '';
  let sannaOnLumo = '';
  let ainoPoint = '';
  let ainoGasPoint = '';
  let mikkoPoint = '';
  let ainoLumoPoint = '';

  const call = (method: 'GET' | 'POST', url: string, cookie: string, body?: object, host: string = HOSTS.kallio) =>
    ctx.app.inject({
      method,
      url,
      headers: { host, cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      payload: body ? JSON.stringify(body) : undefined,
    });
  const create = (cookie: string, body: object) => call('POST', '/api/connection-requests', cookie, body);
  const requestCount = async () => (await ctx.database.db.select({ n: count() }).from(connectionRequest))[0]!.n;
  const solar = () => ({
    kind: 'MICROGENERATION',
    meteringPointId: ainoPoint,
    inverterPowerKw: '8,2',
    installer: 'Aurinkoasennus Oy',
    installationDate: addDays(today, -3),
  });

  beforeAll(async () => {
    const db = ctx.database.db;
    aino = await sessionCookieFor(db, PEOPLE.aino, 'kallio');
    mikko = await sessionCookieFor(db, PEOPLE.mikko, 'kallio');
    tiina = await sessionCookieFor(db, TIINA_STAFF, 'kallio');
    sannaOnLumo = await sessionCookieFor(db, PEOPLE.sannaStaff, 'lumo');
    ainoPoint = (await buildMeteringPoint(db, { siteId: 'kallio', clientCode: 'KV-400101', street: 'Kuusikallionkuja 7', city: 'Espoo' }))
      .id;
    ainoGasPoint = (await buildMeteringPoint(db, { siteId: 'kallio', clientCode: 'KV-400101', utility: 'gas' })).id;
    mikkoPoint = (await buildMeteringPoint(db, { siteId: 'kallio', clientCode: 'KV-400102', street: 'Mökkitie 3' })).id;
    ainoLumoPoint = (await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100001' })).id;
  });

  it("offers the acting customer's own electricity metering points as places", async () => {
    const response = await call('GET', '/api/connection-requests/places', aino);
    expect(response.statusCode, response.body).toBe(200);
    const ids = response.json<{ meteringPointId: string }[]>().map((place) => place.meteringPointId);
    expect(ids).toContain(ainoPoint);
    expect(ids).not.toContain(ainoGasPoint);
    expect(ids).not.toContain(mikkoPoint);
    expect(ids).not.toContain(ainoLumoPoint);
  });

  it('creates each kind as received, with its history, and lists them newest first', async () => {
    const fuse = await create(aino, { kind: 'FUSE_CHANGE', meteringPointId: ainoPoint, fuseAmperes: 35, wantedBy: addDays(today, 30) });
    expect(fuse.statusCode, fuse.body).toBe(201);
    expect(fuse.json<ConnectionRequestDetail>()).toMatchObject({
      kind: 'FUSE_CHANGE',
      status: 'received',
      meteringPointId: ainoPoint,
      address: { street: 'Kuusikallionkuja 7', city: 'Espoo' },
      fuseAmperes: 35,
      inverterPowerKw: null,
      wantedBy: addDays(today, 30),
      history: [{ author: 'customer', fromStatus: null, toStatus: 'received', attachments: [] }],
    });

    const building = await create(aino, {
      kind: 'NEW_CONNECTION',
      address: { street: 'Saunapolku 2', postalCode: '33100', city: 'Tampere' },
      fuseAmperes: 25,
      message: 'A sauna cabin by the lake',
    });
    expect(building.statusCode, building.body).toBe(201);
    expect(building.json<ConnectionRequestDetail>()).toMatchObject({
      kind: 'NEW_CONNECTION',
      meteringPointId: null,
      gsrn: null,
      address: { street: 'Saunapolku 2', postalCode: '33100', city: 'Tampere' },
      fuseAmperes: 25,
      wantedBy: null,
      message: 'A sauna cabin by the lake',
    });

    const panels = await create(aino, solar());
    expect(panels.statusCode, panels.body).toBe(201);
    expect(panels.json<ConnectionRequestDetail>()).toMatchObject({
      kind: 'MICROGENERATION',
      inverterPowerKw: '8.20',
      installer: 'Aurinkoasennus Oy',
      installationDate: addDays(today, -3),
      fuseAmperes: null,
    });

    const mine = (await call('GET', '/api/connection-requests', aino)).json<ConnectionRequestDetail[]>();
    expect(mine.slice(0, 3).map((request) => request.kind)).toEqual(['MICROGENERATION', 'NEW_CONNECTION', 'FUSE_CHANGE']);
    // Who sent it is audited.
    const [audited] = await ctx.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.siteId, 'kallio'), eq(auditLog.action, 'POST /api/connection-requests')));
    expect(audited!.n).toBeGreaterThanOrEqual(3);
  });

  it('refuses malformed input with 400 and out-of-window dates with 422, writing nothing', async () => {
    const before = await requestCount();
    const refused = async (body: object, status: number, code: string) => {
      const response = await create(aino, body);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toMatchObject({ code });
      return response.json<{ message: string }>().message;
    };
    // A fuse size nobody sells, and one given as text.
    expect(await refused({ kind: 'FUSE_CHANGE', meteringPointId: ainoPoint, fuseAmperes: 40 }, 400, 'VALIDATION_FAILED')).toContain(
      'main fuse',
    );
    await refused({ kind: 'FUSE_CHANGE', meteringPointId: ainoPoint, fuseAmperes: '35' }, 400, 'VALIDATION_FAILED');
    // Inverter power: above microgeneration, zero, three decimals, not a number.
    expect(await refused({ ...solar(), inverterPowerKw: '150' }, 400, 'VALIDATION_FAILED')).toContain('100 kW');
    await refused({ ...solar(), inverterPowerKw: '0' }, 400, 'VALIDATION_FAILED');
    await refused({ ...solar(), inverterPowerKw: '8.125' }, 400, 'VALIDATION_FAILED');
    await refused({ ...solar(), inverterPowerKw: 'lots' }, 400, 'VALIDATION_FAILED');
    await refused({ ...solar(), installer: '' }, 400, 'VALIDATION_FAILED');
    await refused({ ...solar(), installationDate: '2026-02-30' }, 400, 'VALIDATION_FAILED');
    // A kind that does not exist, and a new connection without its address.
    await refused({ kind: 'HEAT_PUMP', meteringPointId: ainoPoint }, 400, 'VALIDATION_FAILED');
    await refused({ kind: 'NEW_CONNECTION', fuseAmperes: 25 }, 400, 'VALIDATION_FAILED');
    await refused(
      { kind: 'NEW_CONNECTION', fuseAmperes: 25, address: { street: 'Tie 1', postalCode: '123', city: 'Oulu' } },
      400,
      'VALIDATION_FAILED',
    );
    // Well-formed dates out of their windows.
    await refused({ ...solar(), installationDate: addDays(today, 400) }, 422, 'CONNECTION_DATE_OUT_OF_RANGE');
    await refused({ ...solar(), installationDate: shiftYears(today, -6) }, 422, 'CONNECTION_DATE_OUT_OF_RANGE');
    await refused(
      { kind: 'FUSE_CHANGE', meteringPointId: ainoPoint, fuseAmperes: 50, wantedBy: addDays(today, -1) },
      422,
      'CONNECTION_DATE_OUT_OF_RANGE',
    );
    await refused(
      {
        kind: 'NEW_CONNECTION',
        fuseAmperes: 25,
        address: { street: 'Tie 1', postalCode: '90100', city: 'Oulu' },
        wantedBy: shiftYears(today, 3),
      },
      422,
      'CONNECTION_DATE_OUT_OF_RANGE',
    );
    // A gas point has no main fuse; another customer's point and another site's are not found.
    await refused({ kind: 'FUSE_CHANGE', meteringPointId: ainoGasPoint, fuseAmperes: 35 }, 422, 'CONNECTION_POINT_NOT_ELECTRICITY');
    await refused({ kind: 'FUSE_CHANGE', meteringPointId: mikkoPoint, fuseAmperes: 35 }, 404, 'METERING_POINT_NOT_FOUND');
    await refused({ ...solar(), meteringPointId: ainoLumoPoint }, 404, 'METERING_POINT_NOT_FOUND');
    expect(await requestCount()).toBe(before);
  });

  it("never shows one customer's request to another, nor on another site", async () => {
    const mine = (await create(aino, solar())).json<ConnectionRequestDetail>();
    for (const url of [`/api/connection-requests/${mine.id}`]) {
      const response = await call('GET', url, mikko);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'CONNECTION_REQUEST_NOT_FOUND' });
    }
    expect((await call('POST', `/api/connection-requests/${mine.id}/withdraw`, mikko)).statusCode).toBe(404);
    expect((await call('POST', `/api/connection-requests/${mine.id}/messages`, mikko, { message: 'Mine now' })).statusCode).toBe(404);
    expect((await call('GET', '/api/connection-requests', mikko)).json<ConnectionRequestDetail[]>().map((r) => r.id)).not.toContain(
      mine.id,
    );

    // Lumo offers the requests too in this test: Aino there, and Lumo's customer service, still find nothing of Kallio's.
    await ctx.database.db.insert(siteFeature).values({ siteId: 'lumo', feature: 'CONNECTION_REQUESTS' }).onConflictDoNothing();
    const ainoOnLumo = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    const onLumo = await call('GET', `/api/connection-requests/${mine.id}`, ainoOnLumo, undefined, HOSTS.lumo);
    expect(onLumo.statusCode, onLumo.body).toBe(404);
    expect(onLumo.json()).toMatchObject({ code: 'CONNECTION_REQUEST_NOT_FOUND' });
    expect((await call('GET', '/api/connection-requests', ainoOnLumo, undefined, HOSTS.lumo)).json()).toEqual([]);
    const lumoStaff = await call('GET', `/api/staff/connection-requests/${mine.id}`, sannaOnLumo, undefined, HOSTS.lumo);
    expect(lumoStaff.statusCode, lumoStaff.body).toBe(404);
    const lumoMove = await call(
      'POST',
      `/api/staff/connection-requests/${mine.id}/transitions`,
      sannaOnLumo,
      { action: 'approve' },
      HOSTS.lumo,
    );
    expect(lumoMove.statusCode, lumoMove.body).toBe(404);
    const lumoQueue = await call('GET', '/api/staff/connection-requests', sannaOnLumo, undefined, HOSTS.lumo);
    expect(lumoQueue.json<StaffConnectionRequest[]>().map((r) => r.id)).not.toContain(mine.id);
    await ctx.database.db.delete(siteFeature).where(and(eq(siteFeature.siteId, 'lumo'), eq(siteFeature.feature, 'CONNECTION_REQUESTS')));
    // A customer cannot reach the staff calls.
    expect((await call('GET', '/api/staff/connection-requests', aino)).statusCode).toBe(403);
  });

  it('moves through review, a question, the answer, approval and completion; illegal moves are 422', async () => {
    const db = ctx.database.db;
    const customerId = (await db.select({ id: connectionRequest.customerId }).from(connectionRequest).limit(1))[0]!.id;
    // Aino wants to hear of changes by e-mail.
    const [contact] = await db
      .insert(customerContact)
      .values({ siteId: 'kallio', customerId, method: 'Email', value: 'aino.virtanen@example.fi', primary: true })
      .onConflictDoNothing()
      .returning({ id: customerContact.id });
    await db.insert(notificationSetting).values({
      siteId: 'kallio',
      customerId,
      subject: 'CONNECTION_REQUEST',
      channel: 'Email',
      enabled: true,
      contactsIds: contact ? [contact.id] : [],
    });
    const sent = (await create(aino, solar())).json<ConnectionRequestDetail>();
    const move = (body: object) => call('POST', `/api/staff/connection-requests/${sent.id}/transitions`, tiina, body);

    const queue = await call('GET', '/api/staff/connection-requests', tiina);
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json<StaffConnectionRequest[]>().find((request) => request.id === sent.id)).toMatchObject({
      clientCode: 'KV-400101',
      customerName: 'Aino Virtanen',
      status: 'received',
    });

    expect((await move({ action: 'review' })).json()).toMatchObject({ status: 'in_review' });
    // Asking for information needs a word to the customer.
    const silent = await move({ action: 'ask_information' });
    expect(silent.statusCode).toBe(400);
    const asked = await move({ action: 'ask_information', message: 'Please send the inverter’s data sheet.' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ status: 'needs_information' });
    const deliveries = await db.select().from(notificationDelivery).where(eq(notificationDelivery.customerId, customerId));
    expect(deliveries.some((delivery) => delivery.channel === 'Email' && delivery.body.includes('inverter’s data sheet'))).toBe(true);

    // The customer sees the question and answers with the data sheet: back to review.
    const seen = (await call('GET', `/api/connection-requests/${sent.id}`, aino)).json<ConnectionRequestDetail>();
    expect(seen.status).toBe('needs_information');
    expect(seen.history.at(-1)).toMatchObject({
      author: 'staff',
      toStatus: 'needs_information',
      message: 'Please send the inverter’s data sheet.',
    });
    const form = await multipart({ message: 'Here it is.' }, [{ content: PDF, name: 'datasheet.pdf' }]);
    const answered = await ctx.app.inject({
      method: 'POST',
      url: `/api/connection-requests/${sent.id}/messages`,
      headers: { host: HOSTS.kallio, cookie: aino, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json<ConnectionRequestDetail>()).toMatchObject({ status: 'in_review' });
    expect(answered.json<ConnectionRequestDetail>().history.at(-1)!.attachments).toMatchObject([{ fileName: 'datasheet.pdf' }]);

    // Completing before approval, and approving twice, are refused.
    const early = await move({ action: 'complete' });
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({ code: 'CONNECTION_TRANSITION_NOT_ALLOWED' });
    expect((await move({ action: 'approve', message: 'Welcome to the grid.' })).json()).toMatchObject({ status: 'approved' });
    expect((await move({ action: 'approve' })).statusCode).toBe(422);
    // Decided: the customer can no longer withdraw or add to it.
    const late = await call('POST', `/api/connection-requests/${sent.id}/withdraw`, aino);
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({ code: 'CONNECTION_REQUEST_DECIDED' });
    expect((await call('POST', `/api/connection-requests/${sent.id}/messages`, aino, { message: 'One more' })).statusCode).toBe(422);
    const done = await move({ action: 'complete', message: 'Production metering is on.' });
    expect(done.json<StaffConnectionRequest>().history.map((event) => event.toStatus)).toEqual([
      'received',
      'in_review',
      'needs_information',
      'in_review',
      'approved',
      'done',
    ]);
    expect((await move({ action: 'reject', message: 'No' })).statusCode).toBe(422);
    // Closed requests leave the open queue.
    const open = (await call('GET', '/api/staff/connection-requests', tiina)).json<StaffConnectionRequest[]>();
    expect(open.map((request) => request.id)).not.toContain(sent.id);
    const closed = (await call('GET', '/api/staff/connection-requests?status=closed', tiina)).json<StaffConnectionRequest[]>();
    expect(closed.map((request) => request.id)).toContain(sent.id);
    // Every staff move that happened (review, question, approval, completion) is audited under the customer, where
    // "who looked at my data" shows it; refused moves left nothing.
    const moves = await db
      .select({ n: count() })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.customerId, customerId),
          eq(auditLog.action, 'POST /api/staff/connection-requests/:id/transitions'),
          eq(auditLog.dataArea, 'contracts'),
        ),
      );
    expect(moves[0]!.n).toBe(4);
  });

  it('lets the customer withdraw an undecided request, after which staff cannot move it', async () => {
    const sent = (await create(aino, { kind: 'FUSE_CHANGE', meteringPointId: ainoPoint, fuseAmperes: 63 })).json<ConnectionRequestDetail>();
    const withdrawn = await call('POST', `/api/connection-requests/${sent.id}/withdraw`, aino);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({ status: 'withdrawn' });
    expect((await call('POST', `/api/connection-requests/${sent.id}/withdraw`, aino)).statusCode).toBe(422);
    const review = await call('POST', `/api/staff/connection-requests/${sent.id}/transitions`, tiina, { action: 'review' });
    expect(review.statusCode).toBe(422);
    expect(review.json()).toMatchObject({ code: 'CONNECTION_TRANSITION_NOT_ALLOWED' });
  });

  it('keeps files judged by content, downloadable by the customer and their site’s staff only', async () => {
    const form = await multipart(solar(), [
      { content: PNG, name: 'panels.png' },
      { content: PDF, name: 'installation-report.jpg' },
    ]);
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/connection-requests',
      headers: { host: HOSTS.kallio, cookie: aino, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const request = sent.json<ConnectionRequestDetail>();
    const files = request.history[0]!.attachments;
    // The PDF named .jpg is kept as what its content is.
    expect(files.map((file) => [file.fileName, file.contentType])).toEqual([
      ['panels.png', 'image/png'],
      ['installation-report.jpg', 'application/pdf'],
    ]);
    const url = `/api/connection-requests/${request.id}/attachments/${files[1]!.id}`;
    const download = await call('GET', url, aino);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect((await call('GET', url, mikko)).statusCode).toBe(404);
    const staff = await call('GET', `/api/staff/connection-requests/${request.id}/attachments/${files[1]!.id}`, tiina);
    expect(staff.statusCode).toBe(200);
    expect(staff.headers['content-security-policy']).toContain('sandbox');

    // An HTML page is refused, and nothing of the request is kept.
    const before = await requestCount();
    const filesBefore = (await ctx.database.db.select({ n: count() }).from(connectionRequestAttachment))[0]!.n;
    const page = await multipart(solar(), [
      { content: PNG, name: 'ok.png' },
      { content: Buffer.from('<html><script>alert(1)</script></html>'), name: 'evil.png' },
    ]);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/connection-requests',
      headers: { host: HOSTS.kallio, cookie: aino, 'content-type': page.contentType },
      payload: page.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'ATTACHMENT_TYPE_NOT_ALLOWED' });
    expect(await requestCount()).toBe(before);
    expect((await ctx.database.db.select({ n: count() }).from(connectionRequestAttachment))[0]!.n).toBe(filesBefore);
  });
});
