import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportTicket } from '../../db/schema/support.ts';
import { enqueue } from '../../platform/jobs/enqueue.ts';
import { startSalesforceStandIn, type SalesforceStandIn } from '../../test-support/salesforce-stand-in.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { crmPollJob } from './crm-handover.ts';

let org: SalesforceStandIn;
const overrides: Record<string, string> = {
  CRM_ADAPTER: 'SALESFORCE',
  SALESFORCE_CLIENT_ID: 'portal-app',
  SALESFORCE_CLIENT_SECRET: 'portal-secret',
};
beforeAll(async () => {
  org = await startSalesforceStandIn();
  overrides.SALESFORCE_URL = org.url;
});
afterAll(() => org.close());

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

describe('support through the CRM port, with Salesforce as the CRM', () => {
  const ctx = useTestApp(overrides);
  let aino: string;
  let sanna: string;

  const call = (cookie: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: { host: HOSTS.lumo, cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
  const runJobs = async () => {
    const outcomes = [];
    for (let round = await ctx.app.jobs.runDue(); round.length > 0; round = await ctx.app.jobs.runDue()) outcomes.push(...round);
    return outcomes;
  };

  beforeAll(async () => {
    aino = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    sanna = await sessionCookieFor(ctx.database.db, PEOPLE.sannaStaff, 'lumo');
  });

  it("hands the request, its file, the customer's comment and closing to Salesforce, and brings the agent's reply home", async () => {
    const form = new FormData();
    form.append('request', JSON.stringify({ name: 'Aino Virtanen', subtypeCode: 'METER_READING', message: 'My meter shows 41 250 kWh.' }));
    form.append('files', new Blob([new Uint8Array(PDF)]), 'reading.pdf');
    const multipart = new Request('http://localhost/', { method: 'POST', body: form });
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/support/send',
      headers: { host: HOSTS.lumo, cookie: aino, 'content-type': multipart.headers.get('content-type')! },
      payload: Buffer.from(await multipart.arrayBuffer()),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json().id as string;
    expect(
      (await runJobs()).filter((outcome) => outcome.kind.startsWith('support.')).map((outcome) => [outcome.kind, outcome.outcome]),
    ).toEqual([['support.crm-handover', 'done']]);

    const [ticket] = await ctx.database.db.select().from(supportTicket).where(eq(supportTicket.id, id));
    const caseId = ticket!.crmReference!;
    expect(org.records.Case.find((row) => row.Id === caseId)).toMatchObject({
      Subject: 'Mittarilukema (LUMO-100001)',
      SuppliedName: 'Aino Virtanen',
      Description: expect.stringContaining(`Portal ticket: ${id}`),
    });
    expect(org.records.ContentVersion).toEqual([expect.objectContaining({ Title: 'reading.pdf', FirstPublishLocationId: caseId })]);

    // Customer service answers in Salesforce, not in the portal's queue.
    const refused = await call(sanna, 'POST', `/api/staff/support/tickets/${id}/replies`, { comment: 'From the portal' });
    expect([refused.statusCode, refused.json().code]).toEqual([422, 'SUPPORT_HANDLED_IN_CRM']);
    org.agentReply(caseId, 'We read your meter again: 41 250 kWh is right.');
    for (let poll = 0; poll < 2; poll++) await enqueue(ctx.database.db, crmPollJob, {});
    await runJobs();
    const detail = (await call(aino, 'GET', `/api/support/tickets/${id}`)).json();
    expect(detail).toMatchObject({
      status: 'TS2',
      comments: [{ author: 'staff', comment: 'We read your meter again: 41 250 kWh is right.' }],
    });
    const inbox = (await call(aino, 'GET', '/api/me/inbox')).json();
    expect(inbox.messages.filter((message: { ticketId: string }) => message.ticketId === id)).toHaveLength(1);

    expect((await call(aino, 'POST', `/api/support/tickets/${id}/comments`, { comment: 'Thank you!' })).statusCode).toBe(204);
    await runJobs();
    expect(org.records.CaseComment.filter((row) => row.ParentId === caseId && row.CommentBody === 'Thank you!')).toHaveLength(1);
    // The customer's own comment, read back from the org, is not a reply.
    await enqueue(ctx.database.db, crmPollJob, {});
    await runJobs();
    expect((await call(aino, 'GET', `/api/support/tickets/${id}`)).json().comments).toHaveLength(2);

    org.closeCase(caseId);
    await enqueue(ctx.database.db, crmPollJob, {});
    await runJobs();
    expect((await call(aino, 'GET', `/api/support/tickets/${id}`)).json()).toMatchObject({ status: 'TS4', statusName: 'RESOLVED' });
  });

  it('retries a handover while Salesforce is down and keeps the order: a comment waits for its case', async () => {
    org.failNextWith(503);
    const sent = await call(aino, 'POST', '/api/support/send', { name: 'Aino', subtypeCode: 'GENERAL', message: 'Hello' });
    const id = sent.json().id as string;
    expect((await call(aino, 'POST', `/api/support/tickets/${id}/close`, { status: 'TS3' })).statusCode).toBe(204);
    const first = await ctx.app.jobs.runDue();
    expect(first.map((outcome) => outcome.outcome).sort()).toEqual(['retry', 'retry']);
    const [ticket] = await ctx.database.db.select().from(supportTicket).where(eq(supportTicket.id, id));
    expect(ticket?.crmReference).toBeNull();
  });
});
