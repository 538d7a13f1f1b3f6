import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSalesforceStandIn, type SalesforceStandIn } from '../../test-support/salesforce-stand-in.ts';
import { CrmError, type CrmCase } from './port.ts';
import { salesforceCrm } from './salesforce.ts';

const CASE: CrmCase = {
  portalTicketId: 'tk-1',
  subject: 'Meter reading',
  description: 'My meter shows 41 250 kWh.',
  clientCode: 'LUMO-100001',
  customerName: 'Aino Virtanen',
  contactName: 'Aino Virtanen',
  email: 'aino@example.fi',
  phone: null,
  handlerGroup: 'METERING',
  channel: 'EMAIL',
};
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe('the Salesforce Service Cloud adapter, against a local stand-in of its REST API', () => {
  let org: SalesforceStandIn;
  let crm: ReturnType<typeof salesforceCrm>;
  beforeAll(async () => {
    org = await startSalesforceStandIn();
    crm = salesforceCrm({ url: org.url, clientId: 'portal-app', clientSecret: 'portal-secret', apiVersion: '62.0' });
  });
  afterAll(() => org.close());

  it('opens a web case with the contact and publishes its files to it', async () => {
    const caseId = await crm.openCase(CASE, [{ fileName: 'meter.png', contentType: 'image/png', content: PNG }]);
    expect(org.records.Case.find((row) => row.Id === caseId)).toMatchObject({
      Subject: 'Meter reading (LUMO-100001)',
      Origin: 'Web',
      Status: 'New',
      SuppliedName: 'Aino Virtanen',
      SuppliedEmail: 'aino@example.fi',
      SuppliedCompany: 'Aino Virtanen',
      Description: expect.stringContaining('Handler group: METERING'),
    });
    expect(org.records.ContentVersion).toEqual([
      expect.objectContaining({
        Title: 'meter.png',
        PathOnClient: 'meter.png',
        VersionData: PNG.toString('base64'),
        FirstPublishLocationId: caseId,
      }),
    ]);
  });

  it("adds the customer's comments, reads back only the agents' public replies and closed cases, and signs in again when the session expired", async () => {
    const caseId = await crm.openCase(CASE, []);
    const since = new Date(Date.now() - 1000);
    const mine = await crm.addComment(caseId, { portalCommentId: 'c-1', body: 'Any news?' }, []);
    expect(org.records.CaseComment.find((row) => row.Id === mine)).toMatchObject({
      ParentId: caseId,
      CommentBody: 'Any news?',
      IsPublished: true,
    });
    const reply = org.agentReply(caseId, 'We read your meter again.');
    org.expireToken();
    const updates = await crm.readUpdates([caseId, "x' OR Id != '"], since);
    expect(updates).toEqual({
      replies: [{ reference: reply, caseReference: caseId, body: 'We read your meter again.', createdAt: expect.any(Date) }],
      closed: [],
    });
    expect(org.requests.filter((request) => request.path === '/services/oauth2/token').length).toBeGreaterThanOrEqual(2);

    org.closeCase(caseId);
    expect((await crm.readUpdates([caseId], since)).closed).toEqual([caseId]);
  });

  it('closes a withdrawn case with a private note, and reports a failing org as a CRM error', async () => {
    const caseId = await crm.openCase(CASE, []);
    await crm.closeCase(caseId, 'TS3');
    expect(org.records.Case.find((row) => row.Id === caseId)).toMatchObject({ Status: 'Closed' });
    expect(org.records.CaseComment.at(-1)).toMatchObject({ ParentId: caseId, IsPublished: false });
    org.failNextWith(503);
    await expect(crm.openCase(CASE, [])).rejects.toBeInstanceOf(CrmError);
    const wrong = salesforceCrm({ url: org.url, clientId: 'portal-app', clientSecret: 'wrong', apiVersion: '62.0' });
    await expect(wrong.openCase(CASE, [])).rejects.toThrow('Salesforce refused the sign-in (400)');
  });
});
