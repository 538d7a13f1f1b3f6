import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

type SObject = Record<string, unknown> & { Id: string };

const INTEGRATION_USER = '005000000000INT';
const AGENT_USER = '005000000000AGT';

/**
 * A Salesforce org's REST API for tests, as much of it as the portal's adapter uses: the OAuth 2.0 client credentials
 * token, creating Case, CaseComment and ContentVersion records, updating a Case, and the SOQL queries the adapter
 * sends (parsed for their IN list, CreatedById, CreatedDate and IsClosed conditions). Calls need the bearer token it
 * issued; `expireToken` makes the next call answer 401 as an expired session does.
 */
export async function startSalesforceStandIn(credentials = { clientId: 'portal-app', clientSecret: 'portal-secret' }) {
  const records: Record<'Case' | 'CaseComment' | 'ContentVersion', SObject[]> = { Case: [], CaseComment: [], ContentVersion: [] };
  const requests: { method: string; path: string }[] = [];
  let token = '';
  let failNext: number | null = null;
  let sequence = 0;
  const idOf = (prefix: string) => `${prefix}${String(++sequence).padStart(15 - prefix.length, '0')}`;

  const server: Server = createServer((request, response) => {
    void handle(request).then(
      ({ status, body }) =>
        response
          .writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' })
          .end(body === undefined ? undefined : JSON.stringify(body)),
      (error: unknown) => response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify([{ message: String(error) }])),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function handle(request: IncomingMessage): Promise<{ status: number; body?: unknown }> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString();
    const { pathname, searchParams } = new URL(request.url ?? '/', url);
    requests.push({ method: request.method ?? '', path: pathname });
    if (pathname === '/services/oauth2/token') {
      const form = new URLSearchParams(text);
      if (
        form.get('grant_type') !== 'client_credentials' ||
        form.get('client_id') !== credentials.clientId ||
        form.get('client_secret') !== credentials.clientSecret
      ) {
        return { status: 400, body: { error: 'invalid_client' } };
      }
      token = randomBytes(12).toString('hex');
      return {
        status: 200,
        body: { access_token: token, instance_url: url, id: `${url}/id/00D000000000ORG/${INTEGRATION_USER}`, token_type: 'Bearer' },
      };
    }
    if (request.headers.authorization !== `Bearer ${token}` || !token) return { status: 401, body: [{ errorCode: 'INVALID_SESSION_ID' }] };
    if (failNext !== null) {
      const status = failNext;
      failNext = null;
      return { status, body: [{ errorCode: 'SERVER_UNAVAILABLE' }] };
    }
    const sobject = /^\/services\/data\/v62\.0\/sobjects\/(Case|CaseComment|ContentVersion)(?:\/(\w+))?$/.exec(pathname);
    if (sobject && request.method === 'POST') {
      const kind = sobject[1] as keyof typeof records;
      const fields = JSON.parse(text) as Record<string, unknown>;
      const prefix = { Case: '500', CaseComment: '00a', ContentVersion: '068' }[kind];
      const row: SObject = {
        ...fields,
        Id: idOf(prefix),
        CreatedById: INTEGRATION_USER,
        CreatedDate: new Date().toISOString(),
        IsClosed: false,
      };
      records[kind].push(row);
      return { status: 201, body: { id: row.Id, success: true, errors: [] } };
    }
    if (sobject?.[1] === 'Case' && sobject[2] && request.method === 'PATCH') {
      const row = records.Case.find((candidate) => candidate.Id === sobject[2]);
      if (!row) return { status: 404, body: [{ errorCode: 'NOT_FOUND' }] };
      Object.assign(row, JSON.parse(text), { IsClosed: (JSON.parse(text) as { Status?: string }).Status === 'Closed' });
      return { status: 204 };
    }
    if (pathname === '/services/data/v62.0/query' && request.method === 'GET')
      return { status: 200, body: query(searchParams.get('q') ?? '') };
    return { status: 404, body: [{ errorCode: 'NOT_FOUND' }] };
  }

  function query(soql: string) {
    const ids = [...(/IN \(([^)]*)\)/.exec(soql)?.[1] ?? '').matchAll(/'(\w+)'/g)].map((match) => match[1]);
    if (/^SELECT Id FROM Case /.test(soql)) {
      const rows = records.Case.filter((row) => ids.includes(row.Id) && row.IsClosed).map((row) => ({ Id: row.Id }));
      return { totalSize: rows.length, done: true, records: rows };
    }
    const notBy = /CreatedById != '(\w+)'/.exec(soql)?.[1];
    const after = new Date(/CreatedDate > (\S+)/.exec(soql)?.[1] ?? 0);
    const rows = records.CaseComment.filter(
      (row) =>
        ids.includes(String(row.ParentId)) &&
        row.IsPublished === true &&
        row.CreatedById !== notBy &&
        new Date(String(row.CreatedDate)) > after,
    ).map(({ Id, ParentId, CommentBody, CreatedDate }) => ({ Id, ParentId, CommentBody, CreatedDate }));
    return { totalSize: rows.length, done: true, records: rows };
  }

  return {
    url,
    credentials,
    records,
    requests,
    /** The next call answers 401, as when the session expired. */
    expireToken: () => {
      token = `expired-${token}`;
    },
    /** The next API call (after sign-in) fails with this status. */
    failNextWith: (status: number) => {
      failNext = status;
    },
    /** Customer service answers in Salesforce: a public comment by an agent. */
    agentReply(caseId: string, body: string) {
      const row = {
        Id: idOf('00a'),
        ParentId: caseId,
        CommentBody: body,
        IsPublished: true,
        CreatedById: AGENT_USER,
        CreatedDate: new Date().toISOString(),
      };
      records.CaseComment.push(row);
      return row.Id;
    },
    closeCase(caseId: string) {
      const row = records.Case.find((candidate) => candidate.Id === caseId);
      if (row) Object.assign(row, { Status: 'Closed', IsClosed: true });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SalesforceStandIn = Awaited<ReturnType<typeof startSalesforceStandIn>>;
