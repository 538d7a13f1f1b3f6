import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_ATTACHMENT_BYTES } from '@portal/schema/support';
import { supportAttachment, supportTicket } from '../../db/schema/support.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { cleanFileName } from './attachment-upload.ts';

const KADRI_VIRMALISE_STAFF = 'EE38705120226';

/** The smallest real files of each kind: file-type reads their first bytes, as it would a photo's. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(32)]);
const HTML = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

type Part = { name: string; value: string } | { name: string; file: Buffer; fileName: string; type?: string };

/** A multipart body as a browser's FormData sends it. */
async function multipart(parts: Part[]) {
  const form = new FormData();
  for (const part of parts) {
    if ('file' in part)
      form.append(part.name, new Blob([new Uint8Array(part.file)], { type: part.type ?? 'application/octet-stream' }), part.fileName);
    else form.append(part.name, part.value);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

describe('attachments on support tickets', () => {
  const ctx = useTestApp();
  let aino: string;
  let mikko: string;
  let sanna: string;
  let kadri: string;

  const upload = async (url: string, cookie: string, parts: Part[], host: string = HOSTS.lumo) => {
    const { payload, contentType } = await multipart(parts);
    return ctx.app.inject({ method: 'POST', url, headers: { host, cookie, 'content-type': contentType }, payload });
  };
  const get = (url: string, cookie: string, host: string = HOSTS.lumo) => ctx.app.inject({ method: 'GET', url, headers: { host, cookie } });
  const request = (body: object = {}) => ({
    name: 'request',
    value: JSON.stringify({ name: 'Aino Virtanen', subtypeCode: 'METER_READING', message: 'A photo of my meter', ...body }),
  });
  const tickets = async () => Number((await ctx.database.db.select({ n: count() }).from(supportTicket))[0]!.n);
  const files = async () => Number((await ctx.database.db.select({ n: count() }).from(supportAttachment))[0]!.n);

  beforeAll(async () => {
    const db = ctx.database.db;
    aino = await sessionCookieFor(db, PEOPLE.aino, 'lumo');
    mikko = await sessionCookieFor(db, PEOPLE.mikko, 'lumo');
    sanna = await sessionCookieFor(db, PEOPLE.sannaStaff, 'lumo');
    kadri = await sessionCookieFor(db, KADRI_VIRMALISE_STAFF, 'virmalise');
  });

  it("keeps files with the request by their content's type, and only the customer and the site's customer service get them", async () => {
    const sent = await upload('/api/support/send', aino, [
      request(),
      { name: 'files', file: PNG, fileName: 'C:\\Users\\aino\\meter now.png', type: 'image/png' },
      // Declared as an image and named like one, but a PDF: the content decides.
      { name: 'files', file: PDF, fileName: 'letter.jpg', type: 'image/jpeg' },
    ]);
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json().id as string;
    const ticket = (await get(`/api/support/tickets/${id}`, aino)).json();
    expect(ticket.attachments).toEqual([
      expect.objectContaining({ fileName: 'letter.jpg', contentType: 'application/pdf', sizeBytes: PDF.length }),
      expect.objectContaining({ fileName: 'meter now.png', contentType: 'image/png', sizeBytes: PNG.length }),
    ]);
    const [pdf, png] = ticket.attachments as { id: string }[];

    const download = await get(`/api/support/tickets/${id}/attachments/${png!.id}`, aino);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PNG)).toBe(true);
    expect(download.headers).toMatchObject({
      'content-type': 'image/png',
      'content-disposition': `attachment; filename="meter now.png"; filename*=UTF-8''meter%20now.png`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'no-store',
    });
    const staffCopy = await get(`/api/staff/support/tickets/${id}/attachments/${pdf!.id}`, sanna);
    expect([staffCopy.statusCode, staffCopy.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(staffCopy.rawPayload.equals(PDF)).toBe(true);

    // Customer B, customer service of another site, and a file asked for under another ticket find nothing.
    expect((await get(`/api/support/tickets/${id}/attachments/${png!.id}`, mikko)).json()).toMatchObject({
      statusCode: 404,
      code: 'ATTACHMENT_NOT_FOUND',
    });
    expect((await get(`/api/staff/support/tickets/${id}/attachments/${png!.id}`, kadri, HOSTS.virmalise)).statusCode).toBe(404);
    expect((await get(`/api/support/tickets/tk-lumo-aino-1/attachments/${png!.id}`, aino)).statusCode).toBe(404);
    expect((await get(`/api/staff/support/tickets/tk-lumo-aino-1/attachments/${png!.id}`, sanna)).statusCode).toBe(404);
  });

  it('names each download with the extension of the type its content was judged to be, whatever it was called', async () => {
    const sent = await upload('/api/support/send', aino, [
      request(),
      { name: 'files', file: PDF, fileName: 'statement.html', type: 'text/html' },
      { name: 'files', file: PDF, fileName: 'letter.jpg', type: 'image/jpeg' },
      { name: 'files', file: JPEG, fileName: 'meter 2024.11', type: 'image/jpeg' },
    ]);
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json().id as string;
    const attachments = (await get(`/api/support/tickets/${id}`, aino)).json().attachments as { id: string; fileName: string }[];
    const savedAs = async (fileName: string) => {
      const download = await get(
        `/api/support/tickets/${id}/attachments/${attachments.find((file) => file.fileName === fileName)!.id}`,
        aino,
      );
      return [download.headers['content-type'], download.headers['content-disposition']];
    };
    expect(await savedAs('statement.html')).toEqual([
      'application/pdf',
      `attachment; filename="statement.pdf"; filename*=UTF-8''statement.pdf`,
    ]);
    expect(await savedAs('letter.jpg')).toEqual(['application/pdf', `attachment; filename="letter.pdf"; filename*=UTF-8''letter.pdf`]);
    expect(await savedAs('meter 2024.11')).toEqual([
      'image/jpeg',
      `attachment; filename="meter 2024.11.jpg"; filename*=UTF-8''meter%202024.11.jpg`,
    ]);
  });

  it('takes files with a comment and with a reply, each shown on its comment', async () => {
    const id = (await ctx.app
      .inject({
        method: 'POST',
        url: '/api/support/send',
        headers: { host: HOSTS.lumo, cookie: aino, 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'Aino', subtypeCode: 'GENERAL', message: 'Hello' }),
      })
      .then((answer) => answer.json().id)) as string;
    const comment = await upload(`/api/support/tickets/${id}/comments`, aino, [
      { name: 'request', value: JSON.stringify({ comment: 'The photo you asked for' }) },
      { name: 'files', file: JPEG, fileName: 'ölmätare.jpeg' },
    ]);
    expect(comment.statusCode, comment.body).toBe(204);
    const reply = await upload(`/api/staff/support/tickets/${id}/replies`, sanna, [
      { name: 'request', value: JSON.stringify({ comment: 'Thank you. Our instructions are attached.' }) },
      { name: 'files', file: PDF, fileName: 'instructions.pdf' },
    ]);
    expect(reply.statusCode, reply.body).toBe(204);

    const ticket = (await get(`/api/support/tickets/${id}`, aino)).json();
    expect(ticket.attachments).toEqual([]);
    expect(
      ticket.comments.map((c: { author: string; attachments: { fileName: string; contentType: string }[] }) => [c.author, c.attachments]),
    ).toEqual([
      ['customer', [expect.objectContaining({ fileName: 'ölmätare.jpeg', contentType: 'image/jpeg' })]],
      ['staff', [expect.objectContaining({ fileName: 'instructions.pdf', contentType: 'application/pdf' })]],
    ]);
    const fromService = ticket.comments[1].attachments[0].id as string;
    const download = await get(`/api/support/tickets/${id}/attachments/${fromService}`, aino);
    expect([download.statusCode, download.headers['content-type']]).toEqual([200, 'application/pdf']);
    const accented = await get(`/api/support/tickets/${id}/attachments/${ticket.comments[0].attachments[0].id}`, aino);
    expect(accented.headers['content-disposition']).toBe(`attachment; filename="olmatare.jpeg"; filename*=UTF-8''%C3%B6lm%C3%A4tare.jpeg`);
  });

  it.each([
    [
      'a web page named like a picture',
      [{ name: 'files', file: HTML, fileName: 'meter.png', type: 'image/png' }],
      400,
      'ATTACHMENT_TYPE_NOT_ALLOWED',
    ],
    [
      'an SVG image (it can run script)',
      [{ name: 'files', file: SVG, fileName: 'meter.svg', type: 'image/svg+xml' }],
      400,
      'ATTACHMENT_TYPE_NOT_ALLOWED',
    ],
    ['an empty file', [{ name: 'files', file: Buffer.alloc(0), fileName: 'empty.pdf' }], 400, 'ATTACHMENT_TYPE_NOT_ALLOWED'],
    [
      'a file over 5 MB',
      [{ name: 'files', file: Buffer.concat([PNG, Buffer.alloc(MAX_ATTACHMENT_BYTES)]), fileName: 'big.png' }],
      413,
      'BODY_TOO_LARGE',
    ],
    ['six files', Array.from({ length: 6 }, (_, n) => ({ name: 'files', file: PNG, fileName: `${n}.png` })), 413, 'BODY_TOO_LARGE'],
    ['a file in an unknown part', [{ name: 'photo', file: PNG, fileName: 'meter.png' }], 400, 'VALIDATION_FAILED'],
    ['a second field', [{ name: 'note', value: 'x' }], 413, 'BODY_TOO_LARGE'],
  ] as [string, Part[], number, string][])('refuses %s with a clear answer and stores nothing', async (_case, parts, status, code) => {
    const [ticketsBefore, filesBefore] = [await tickets(), await files()];
    const answer = await upload('/api/support/send', aino, [request(), { name: 'files', file: PNG, fileName: 'ok.png' }, ...parts]);
    expect([answer.statusCode, answer.json().code], answer.body).toEqual([status, code]);
    expect(answer.json().message).toMatch(/files|part|MB/);
    expect([await tickets(), await files()]).toEqual([ticketsBefore, filesBefore]);
  });

  it('refuses a request part that is not JSON or not a valid request, and a body cut short, as 400', async () => {
    const notJson = await upload('/api/support/send', aino, [{ name: 'request', value: '{name:' }]);
    expect([notJson.statusCode, notJson.json().message]).toEqual([400, 'request: is not valid JSON']);
    const noMessage = await upload('/api/support/send', aino, [request({ message: '' }), { name: 'files', file: PNG, fileName: 'a.png' }]);
    expect([noMessage.statusCode, noMessage.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(noMessage.body).toContain('message');

    const { payload, contentType } = await multipart([request(), { name: 'files', file: PNG, fileName: 'a.png' }]);
    const cut = await ctx.app.inject({
      method: 'POST',
      url: '/api/support/send',
      headers: { host: HOSTS.lumo, cookie: aino, 'content-type': contentType },
      payload: payload.subarray(0, payload.length - 40),
    });
    expect([cut.statusCode, cut.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('names a file by its last path segment without control characters, cut to 120 characters keeping the extension', () => {
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('a\u0000b\u202Egpj.exe')).toBe('abgpj.exe');
    expect(cleanFileName('   ')).toBe('attachment');
    expect(cleanFileName(`${'x'.repeat(200)}.jpeg`)).toBe(`${'x'.repeat(115)}.jpeg`);
  });

  it('opens a ticket of the acting customer at their own contacts with POST /api/me/support/tickets', async () => {
    const noEmail = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/support/tickets',
      headers: { host: HOSTS.lumo, cookie: mikko, 'content-type': 'application/json' },
      payload: JSON.stringify({ subtypeCode: 'GENERAL', message: 'Answer by e-mail, please', channelCode: 'EMAIL' }),
    });
    expect([noEmail.statusCode, noEmail.json().code]).toEqual([400, 'SUPPORT_CONTACT_MISSING']);

    const contacts = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/contacts',
      headers: { host: HOSTS.lumo, cookie: aino, 'content-type': 'application/json' },
      payload: JSON.stringify({
        contacts: [
          { name: 'Home', method: 'Email', value: 'aino.home@example.fi', primary: true },
          { name: 'Mobile', method: 'Gsm', value: '+358 40 765 4321', primary: true },
        ],
      }),
    });
    expect(contacts.statusCode, contacts.body).toBe(200);
    const created = await upload('/api/me/support/tickets', aino, [
      { name: 'request', value: JSON.stringify({ subtypeCode: 'FAULT', message: 'The fuse keeps blowing', channelCode: 'EMAIL' }) },
      { name: 'files', file: JPEG, fileName: 'fuse.jpg' },
    ]);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const [row] = await ctx.database.db.select().from(supportTicket).where(eq(supportTicket.id, id));
    expect(row).toMatchObject({
      contactName: 'Aino Virtanen',
      email: 'aino.home@example.fi',
      phone: '+358407654321',
      channelCode: 'EMAIL',
    });
    const mine = (await get('/api/me/support/tickets', aino)).json();
    expect(mine.find((ticket: { id: string }) => ticket.id === id)).toMatchObject({
      status: 'TS1',
      topicCode: 'METERING',
      attachments: [expect.objectContaining({ fileName: 'fuse.jpg', contentType: 'image/jpeg' })],
    });
    expect((await get('/api/me/support/tickets', mikko)).json().map((ticket: { id: string }) => ticket.id)).not.toContain(id);
  });
});
