import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notificationDelivery } from '../../db/schema/notifications.ts';
import { supportTicket, supportTicketComment } from '../../db/schema/support.ts';
import { seedDemoSupport } from '../../db/seed/demo-support.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';

type Method = 'GET' | 'POST';

const KADRI_VIRMALISE_STAFF = 'EE38705120226';

describe('support tickets and the inbox', () => {
  const ctx = useTestApp();
  let aino: string;
  let mikko: string;
  let sanna: string;
  let kadri: string;

  const call = (method: Method, url: string, cookie: string, body?: unknown, host: string = HOSTS.lumo) =>
    ctx.app.inject({
      method,
      url,
      headers: { host, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
  const send = async (cookie: string, body: Record<string, unknown> = {}) => {
    const sent = await call('POST', '/api/support/send', cookie, {
      name: 'Aino Virtanen',
      subtypeCode: 'METER_READING',
      message: 'My meter shows 12345 kWh',
      ...body,
    });
    expect(sent.statusCode).toBe(201);
    return sent.json().id as string;
  };

  beforeAll(async () => {
    const db = ctx.database.db;
    aino = await sessionCookieFor(db, PEOPLE.aino, 'lumo');
    mikko = await sessionCookieFor(db, PEOPLE.mikko, 'lumo');
    sanna = await sessionCookieFor(db, PEOPLE.sannaStaff, 'lumo');
    kadri = await sessionCookieFor(db, KADRI_VIRMALISE_STAFF, 'virmalise');
  });

  it("speaks each site's language in the demo's conversation, and puts an English one of an earlier start in Finnish", async () => {
    const mine = async (cookie: string, host: string = HOSTS.lumo) =>
      (await call('GET', '/api/me/support/tickets', cookie, undefined, host)).json<
        { message: string; comments: { comment: string }[] }[]
      >();
    const [lumo] = await mine(aino);
    expect(lumo).toMatchObject({ message: 'Miksi lokakuun laskuni oli suurempi kuin syyskuun?' });
    expect(lumo!.comments[0]!.comment).toMatch(/^Hei Aino,/);
    const mariLiis = await sessionCookieFor(ctx.database.db, 'EE49403136526', 'virmalise');
    const [virmalise] = await mine(mariLiis, HOSTS.virmalise);
    expect(virmalise!.comments[0]!.comment).toMatch(/^Tere, Mari-Liis!/);

    const db = ctx.database.db;
    await db
      .update(supportTicket)
      .set({ message: 'Why was my October invoice higher than September’s?', localeId: 'en-GB' })
      .where(eq(supportTicket.id, 'tk-lumo-aino-1'));
    await db.update(supportTicketComment).set({ body: 'Hello Aino' }).where(eq(supportTicketComment.id, 'tk-lumo-aino-1-reply'));
    await seedDemoSupport(db);
    const [again] = await mine(aino);
    expect(again).toMatchObject({ message: 'Miksi lokakuun laskuni oli suurempi kuin syyskuun?' });
    expect(again!.comments[0]!.comment).toMatch(/^Hei Aino,/);
  });

  it('offers subtypes and topics in the asked locale, falling back to the site default', async () => {
    const subtypes = (await call('GET', '/api/support/subtypes?locale=sv-FI', aino)).json();
    expect(subtypes).toContainEqual({ code: 'METER_READING', topicCode: 'METERING', name: 'Mätarställning' });
    const topics = (await call('GET', '/api/support/topics?locale=fi-FI', aino)).json();
    expect(topics[0]).toEqual({ code: 'BILLING', name: 'Laskut ja maksut' });
    const unknownLocale = (await call('GET', '/api/support/subtypes?locale=xx-XX', aino)).json();
    expect(unknownLocale).toContainEqual(expect.objectContaining({ code: 'MOVING', name: 'Muutto' }));
    expect((await call('GET', '/api/support/channels', aino)).json()).toEqual([{ code: 'PHONE' }, { code: 'EMAIL' }, { code: 'PUSH' }]);
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ message: '   ' }, 'message'],
    [{ subtypeCode: '' }, 'subtypeCode'],
    [{ channelCode: 'FAX' }, 'channelCode'],
    [{ email: 'not-an-address' }, 'email'],
    [{ phoneNo: { dialCode: '358', number: '401234567' } }, 'phoneNo'],
  ])('refuses a contact request with %j as 400 naming the field', async (change, field) => {
    const answer = await call('POST', '/api/support/send', aino, { name: 'Aino', subtypeCode: 'GENERAL', message: 'Hi', ...change });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain(field);
  });

  it('refuses an unknown subtype, a number that is not a phone, and an e-mail answer without an address', async () => {
    const base = { name: 'Aino', subtypeCode: 'GENERAL', message: 'Hi' };
    const unknown = await call('POST', '/api/support/send', aino, { ...base, subtypeCode: 'NOPE' });
    expect(unknown.json()).toMatchObject({ code: 'SUPPORT_SUBTYPE_UNKNOWN' });
    const phone = await call('POST', '/api/support/send', aino, { ...base, phoneNo: { dialCode: '+358', number: '12345' } });
    expect([phone.statusCode, phone.json().code]).toEqual([400, 'INVALID_PHONE']);
    const noEmail = await call('POST', '/api/support/send', aino, { ...base, channelCode: 'EMAIL' });
    expect([noEmail.statusCode, noEmail.json().code]).toEqual([400, 'SUPPORT_CONTACT_MISSING']);
  });

  it('opens a ticket in its handler group; the customer sees it, another customer does not', async () => {
    const id = await send(aino, { phoneNo: { dialCode: '+358', number: '40 123 4567' }, channelCode: 'PHONE' });
    const mine = (await call('GET', '/api/me/support/tickets?locale=en-GB', aino)).json();
    expect(mine.find((ticket: { id: string }) => ticket.id === id)).toMatchObject({
      requestType: 'CONTACTREQ',
      status: 'TS1',
      statusName: 'OPEN',
      subtypeName: 'Meter reading',
      channelCode: 'PHONE',
      comments: [],
    });
    expect((await call('GET', '/api/me/support/tickets', mikko)).json().map((ticket: { id: string }) => ticket.id)).not.toContain(id);
    expect((await call('GET', `/api/support/tickets/${id}`, mikko)).statusCode).toBe(404);
    expect((await call('POST', `/api/support/tickets/${id}/comments`, mikko, { comment: 'mine now' })).statusCode).toBe(404);
    expect((await call('POST', `/api/support/tickets/${id}/close`, mikko, { status: 'TS3' })).statusCode).toBe(404);
    expect((await call('GET', `/api/support/tickets/${id}`, aino)).json()).toMatchObject({ id, status: 'TS1' });

    const queue = (await call('GET', '/api/staff/support/tickets?handlerGroup=METERING', sanna)).json();
    // Each group named by the topics it handles, in the site's language: its code is configuration, not a text.
    expect(queue.handlerGroups).toEqual([
      { code: 'BILLING', name: 'Laskut ja maksut' },
      { code: 'GENERAL', name: 'Muut asiat' },
      { code: 'METERING', name: 'Mittari ja kulutus' },
      { code: 'SALES', name: 'Sopimukset' },
    ]);
    expect(queue.tickets.find((ticket: { id: string }) => ticket.id === id)).toMatchObject({
      clientCode: 'LUMO-100001',
      phone: '+358401234567',
      handlerGroup: 'METERING',
      handlerGroupName: 'Mittari ja kulutus',
      assigneeName: null,
    });
    const billing = (await call('GET', '/api/staff/support/tickets?handlerGroup=BILLING', sanna)).json();
    expect(billing.tickets.map((ticket: { id: string }) => ticket.id)).not.toContain(id);
  });

  it('keeps customer service to their own site and customers out of the queue', async () => {
    const id = await send(aino);
    const other = (await call('GET', '/api/staff/support/tickets', kadri, undefined, HOSTS.virmalise)).json();
    expect(other.tickets.map((ticket: { id: string }) => ticket.id)).not.toContain(id);
    expect((await call('POST', `/api/staff/support/tickets/${id}/assign`, kadri, undefined, HOSTS.virmalise)).statusCode).toBe(404);
    const reply = await call('POST', `/api/staff/support/tickets/${id}/replies`, kadri, { comment: 'x' }, HOSTS.virmalise);
    expect(reply.statusCode).toBe(404);
    expect((await call('GET', '/api/staff/support/tickets', aino)).statusCode).toBe(403);
    expect((await call('POST', `/api/staff/support/tickets/${id}/resolve`, aino)).statusCode).toBe(403);
  });

  it('a reply assigns the ticket, lands sanitised in the inbox and is mailed when asked for', async () => {
    const id = await send(aino, { channelCode: 'EMAIL', email: 'aino@example.fi' });
    const before = (await call('GET', '/api/me/inbox', aino)).json();
    const reply = 'Hello <script>alert(1)</script><img src=x onerror=alert(2)>\n\nSee https://lumo.example/help?a=1&b=2 now.';
    expect((await call('POST', `/api/staff/support/tickets/${id}/replies`, sanna, { comment: reply })).statusCode).toBe(204);

    const ticket = (await call('GET', `/api/support/tickets/${id}`, aino)).json();
    expect(ticket).toMatchObject({ status: 'TS2', statusName: 'ASSIGNED' });
    expect(ticket.comments).toEqual([expect.objectContaining({ author: 'staff', authorName: null, comment: reply })]);

    const inbox = (await call('GET', '/api/me/inbox?locale=fi-FI', aino)).json();
    expect(inbox.unreadCount).toBe(before.unreadCount + 1);
    const message = inbox.messages.find((candidate: { ticketId: string }) => candidate.ticketId === id);
    expect(message).toMatchObject({ read: false, subject: 'Vastaus yhteydenottoosi' });
    expect(message.content).not.toMatch(/<script|<img/);
    expect(message.content).toContain('&lt;script&gt;');
    expect(message.content).toContain(
      '<a href="https://lumo.example/help?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">https://lumo.example/help?a=1&amp;b=2</a>',
    );
    expect((await call('GET', '/api/me/inbox', mikko)).json().messages.map((m: { id: string }) => m.id)).not.toContain(message.id);
    expect((await call('POST', `/api/me/inbox/${message.id}/read`, mikko)).statusCode).toBe(404);
    expect((await call('POST', `/api/me/inbox/${message.id}/read`, aino)).statusCode).toBe(204);
    expect((await call('GET', '/api/me/inbox', aino)).json().unreadCount).toBe(before.unreadCount);

    // The e-mail asked for is a delivery of the SUPPORT_REPLY alert (reply-notifications.test.ts sends them).
    const [delivery] = await ctx.database.db
      .select()
      .from(notificationDelivery)
      .where(and(eq(notificationDelivery.recipient, 'aino@example.fi'), eq(notificationDelivery.channel, 'Email')));
    expect(delivery?.body).toContain('See https://lumo.example/help');
    expect(delivery?.url).toBe('/inbox');

    // Answering from the queue changed Aino's data without acting for her: she sees it, Mikko does not.
    const seen = (await call('GET', '/api/me/data-access', aino)).json().entries as { role: string; area: string; kind: string }[];
    expect(seen).toContainEqual(expect.objectContaining({ role: 'customer-service', area: 'support', kind: 'change' }));
    expect((await call('GET', '/api/me/data-access', mikko)).json().entries).toEqual([]);
  });

  it('moves only as the transitions allow: a closed ticket takes no comment, reply or second close', async () => {
    const id = await send(aino);
    expect((await call('POST', `/api/staff/support/tickets/${id}/assign`, sanna)).statusCode).toBe(204);
    expect((await call('GET', `/api/support/tickets/${id}`, aino)).json()).toMatchObject({ status: 'TS2' });
    expect((await call('POST', `/api/support/tickets/${id}/comments`, aino, { comment: 'Any news?' })).statusCode).toBe(204);
    expect((await call('POST', `/api/support/tickets/${id}/close`, aino, { status: 'TS4' })).statusCode).toBe(204);
    expect((await call('GET', `/api/support/tickets/${id}`, aino)).json()).toMatchObject({ status: 'TS4', statusName: 'RESOLVED' });

    for (const refused of [
      call('POST', `/api/support/tickets/${id}/comments`, aino, { comment: 'again' }),
      call('POST', `/api/support/tickets/${id}/close`, aino, { status: 'TS3' }),
      call('POST', `/api/staff/support/tickets/${id}/replies`, sanna, { comment: 'late' }),
      call('POST', `/api/staff/support/tickets/${id}/assign`, sanna),
      call('POST', `/api/staff/support/tickets/${id}/resolve`, sanna),
    ]) {
      const answer = await refused;
      expect([answer.statusCode, answer.json().code]).toEqual([422, 'TICKET_CLOSED']);
    }
    const closed = (await call('GET', '/api/staff/support/tickets?status=closed', sanna)).json();
    expect(closed.tickets.map((ticket: { id: string }) => ticket.id)).toContain(id);

    const cancelled = await send(aino);
    expect((await call('POST', `/api/support/tickets/${cancelled}/close`, aino, { status: 'TS3' })).statusCode).toBe(204);
    expect((await call('GET', `/api/support/tickets/${cancelled}`, aino)).json()).toMatchObject({ statusName: 'CANCELLED' });
  });

  it('takes one rating of a resolved request where the site has advanced support, and shows it to customer service', async () => {
    const id = await send(aino);
    const rate = (cookie: string, body: object, host: string = HOSTS.lumo) =>
      call('POST', `/api/support/tickets/${id}/satisfaction`, cookie, body, host);
    expect((await rate(aino, { rating: 5 })).json()).toMatchObject({ statusCode: 422, code: 'TICKET_NOT_RESOLVED' });
    expect((await call('POST', `/api/staff/support/tickets/${id}/resolve`, sanna)).statusCode).toBe(204);
    expect((await rate(aino, { rating: 6 })).statusCode).toBe(400);
    expect((await rate(mikko, { rating: 4 })).statusCode).toBe(404);
    expect((await rate(aino, { rating: 4, comment: '  Quick and clear.  ' })).statusCode).toBe(204);
    expect((await rate(aino, { rating: 1 })).json()).toMatchObject({ statusCode: 422, code: 'TICKET_ALREADY_RATED' });
    expect((await call('GET', `/api/support/tickets/${id}`, aino)).json().satisfaction).toEqual({
      rating: 4,
      comment: 'Quick and clear.',
      ratedAt: expect.any(String),
    });
    const closed = (await call('GET', '/api/staff/support/tickets?status=closed', sanna)).json();
    expect(closed.tickets.find((ticket: { id: string }) => ticket.id === id).satisfaction).toMatchObject({ rating: 4 });

    // Virmalise offers support but not advanced support: the call does not exist there.
    const jaan = await sessionCookieFor(ctx.database.db, PEOPLE.jaan, 'virmalise');
    expect((await call('POST', `/api/support/tickets/${id}/satisfaction`, jaan, { rating: 3 }, HOSTS.virmalise)).json()).toMatchObject({
      statusCode: 404,
      code: 'FEATURE_DISABLED',
    });
  });

  it('does not exist on a site without SUPPORT', async () => {
    const daugava = await sessionCookieFor(ctx.database.db, 'LV150385-12346', 'daugava');
    expect((await call('GET', '/api/me/support/tickets', daugava, undefined, HOSTS.daugava)).statusCode).toBe(404);
    expect((await call('GET', '/api/me/inbox', daugava, undefined, HOSTS.daugava)).statusCode).toBe(404);
  });
});
