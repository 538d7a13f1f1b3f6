import { CrmError, type CrmCase, type CrmFile, type CrmReply, type CrmSystem } from './port.ts';

export type SalesforceConfig = {
  /** The org's My Domain URL (https://MyDomainName.my.salesforce.com), where the token is asked for. */
  url: string;
  /** The external client app's consumer key and secret, for the OAuth 2.0 client credentials flow. */
  clientId: string;
  clientSecret: string;
  /** REST API version, e.g. 62.0. */
  apiVersion: string;
};

type Token = { accessToken: string; instanceUrl: string; userId: string };
type SaveResult = { id: string; success: boolean; errors?: unknown[] };

const TIMEOUT_MS = 15_000;
/** Salesforce record ids are 15 or 18 letters and digits: nothing else is ever put into a SOQL statement. */
const RECORD_ID = /^[A-Za-z0-9]{15}(?:[A-Za-z0-9]{3})?$/;
/** The most ids one SOQL IN list carries here, well under the statement length limit. */
const IDS_PER_QUERY = 100;
/** CaseComment.CommentBody holds at most 4,000 bytes. */
const MAX_COMMENT_BYTES = 4000;

/**
 * Salesforce Service Cloud as the utility's CRM, through the REST API (docs/decisions/057): a ticket becomes a Case
 * (Origin Web, the contact as SuppliedName/Email/Phone), its files ContentVersions published to the case, the
 * customer's follow-ups public CaseComments; replies are the public CaseComments customer service writes, read with
 * SOQL, and a closed case (IsClosed) resolves the ticket. The portal signs in with the OAuth 2.0 client credentials
 * flow as the app's integration user, whose own comments are never read back as replies.
 */
export function salesforceCrm(config: SalesforceConfig): CrmSystem {
  let token: Promise<Token> | null = null;

  async function signIn(): Promise<Token> {
    const response = await fetch(new URL('/services/oauth2/token', config.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: config.clientId, client_secret: config.clientSecret }),
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new CrmError(`Salesforce refused the sign-in (${response.status})`, response.status);
    const body = (await response.json()) as { access_token: string; instance_url: string; id: string };
    // The identity URL ends with the integration user's id (…/id/<org id>/<user id>).
    return { accessToken: body.access_token, instanceUrl: body.instance_url, userId: body.id.split('/').pop() ?? '' };
  }

  async function session(): Promise<Token> {
    token ??= signIn().catch((error: unknown) => {
      token = null;
      throw error;
    });
    return token;
  }

  /** One REST call; an expired token is renewed once. */
  async function call<T>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown, renewed = false): Promise<T> {
    const { accessToken, instanceUrl } = await session();
    const response = await fetch(new URL(`/services/data/v${config.apiVersion}${path}`, instanceUrl), {
      method,
      headers: {
        authorization: `Bearer ${accessToken}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (response.status === 401 && !renewed) {
      token = null;
      return call(method, path, body, true);
    }
    if (!response.ok) {
      const detail = await response.text().catch(() => '');
      throw new CrmError(
        `Salesforce ${method} ${path.split('?')[0]} answered ${response.status}: ${detail.slice(0, 300)}`,
        response.status,
      );
    }
    return (response.status === 204 ? undefined : await response.json()) as T;
  }

  const create = async (object: string, fields: Record<string, unknown>) =>
    (await call<SaveResult>('POST', `/sobjects/${object}`, fields)).id;

  async function publishFiles(caseId: string, files: CrmFile[]) {
    for (const file of files) {
      await create('ContentVersion', {
        Title: file.fileName,
        PathOnClient: file.fileName,
        VersionData: file.content.toString('base64'),
        FirstPublishLocationId: caseId,
      });
    }
  }

  async function query<Row>(soql: string): Promise<Row[]> {
    const rows: Row[] = [];
    let page = await call<{ records: Row[]; done: boolean; nextRecordsUrl?: string }>('GET', `/query?q=${encodeURIComponent(soql)}`);
    rows.push(...page.records);
    while (!page.done && page.nextRecordsUrl) {
      page = await call('GET', page.nextRecordsUrl.replace(/^\/services\/data\/v[\d.]+/, ''));
      rows.push(...page.records);
    }
    return rows;
  }

  return {
    id: 'SALESFORCE',
    inPortal: false,

    async openCase(input: CrmCase, files: CrmFile[]) {
      const caseId = await create('Case', {
        Subject: `${input.subject} (${input.clientCode})`.slice(0, 255),
        Description: [
          input.description,
          '',
          `Customer: ${input.customerName} (${input.clientCode})`,
          `Handler group: ${input.handlerGroup}`,
          `Answer by: ${input.channel ?? 'the portal'}`,
          `Portal ticket: ${input.portalTicketId}`,
        ].join('\n'),
        Origin: 'Web',
        Status: 'New',
        SuppliedName: input.contactName,
        SuppliedEmail: input.email,
        SuppliedPhone: input.phone,
        SuppliedCompany: input.customerName,
      });
      await publishFiles(caseId, files);
      return caseId;
    },

    async addComment(caseReference, comment, files) {
      const commentId = await create('CaseComment', {
        ParentId: caseReference,
        CommentBody: Buffer.from(comment.body)
          .subarray(0, MAX_COMMENT_BYTES)
          .toString()
          .replace(/\uFFFD$/, ''),
        IsPublished: true,
      });
      await publishFiles(caseReference, files);
      return commentId;
    },

    async closeCase(caseReference, status) {
      if (status === 'TS3') {
        await create('CaseComment', {
          ParentId: caseReference,
          CommentBody: 'Withdrawn by the customer in the portal.',
          IsPublished: false,
        });
      }
      await call('PATCH', `/sobjects/Case/${caseReference}`, { Status: 'Closed' });
    },

    async readUpdates(caseReferences, since) {
      const ids = caseReferences.filter((id) => RECORD_ID.test(id));
      const { userId } = await session();
      const replies: CrmReply[] = [];
      const closed: string[] = [];
      for (let start = 0; start < ids.length; start += IDS_PER_QUERY) {
        const list = ids
          .slice(start, start + IDS_PER_QUERY)
          .map((id) => `'${id}'`)
          .join(',');
        const comments = await query<{ Id: string; ParentId: string; CommentBody: string | null; CreatedDate: string }>(
          `SELECT Id, ParentId, CommentBody, CreatedDate FROM CaseComment WHERE ParentId IN (${list}) AND IsPublished = true` +
            `${RECORD_ID.test(userId) ? ` AND CreatedById != '${userId}'` : ''} AND CreatedDate > ${since.toISOString().replace(/\.\d{3}Z$/, 'Z')} ORDER BY CreatedDate`,
        );
        replies.push(
          ...comments
            .filter((row) => row.CommentBody?.trim())
            .map((row) => ({
              reference: row.Id,
              caseReference: row.ParentId,
              body: row.CommentBody!,
              createdAt: new Date(row.CreatedDate),
            })),
        );
        closed.push(...(await query<{ Id: string }>(`SELECT Id FROM Case WHERE Id IN (${list}) AND IsClosed = true`)).map((row) => row.Id));
      }
      return { replies, closed };
    },
  };
}
