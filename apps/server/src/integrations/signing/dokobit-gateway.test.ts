import { createHash, randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@portal/schema/calendar-dates';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { makeDemoCertificate } from './demo-certificate.ts';
import { createDokobitGateway } from './dokobit-gateway.ts';
import { signPdf } from './pdf-signature.ts';
import { SigningServiceError } from './port.ts';
import { checkSignedDocument } from './signed-document-check.ts';

const ACCESS_TOKEN = 'gateway-test-token-0123456789';

type Signing = {
  fileToken: string;
  signers: Record<string, string>;
  status: 'pending' | 'completed' | 'failed';
  signed?: Buffer;
  postbackUrl: string;
};

/**
 * A stand-in for Dokobit Documents Gateway on loopback, answering as its public API describes: every call carries
 * access_token in the query; POST /api/file/upload.json takes {file: {name, digest (SHA-1), content (base64)}} and
 * answers {status: "ok", token}; GET /api/file/upload/{token}/status.json answers {status: "uploaded"}; POST
 * /api/signing/create.json takes {type, name, files: [{token}], signers: [{id, name, surname, code, …}],
 * postback_url} and answers {status: "ok", token, signers: {id: signer token}}; GET /api/signing/{token}/status.json
 * answers {status: pending|completed|failed, file}; the file URL is downloaded with the access token.
 */
async function fakeGateway() {
  const server: FastifyInstance = Fastify({ bodyLimit: 20 * 1024 * 1024 });
  const files = new Map<string, Buffer>();
  const signings = new Map<string, Signing>();
  const key = makeDemoCertificate(new Date());
  let base = '';

  server.addHook('onRequest', async (request, reply) => {
    const { access_token: token } = request.query as { access_token?: string };
    const signerPage = request.url.startsWith('/signing/');
    if (!signerPage && token !== ACCESS_TOKEN) return reply.status(403).send({ status: 'error', message: 'Access forbidden' });
  });
  server.post('/api/file/upload.json', async (request, reply) => {
    const { file } = request.body as { file?: { name?: string; digest?: string; content?: string } };
    if (!file?.name || !file.digest || !file.content) return reply.status(400).send({ status: 'error', message: 'file is missing' });
    const content = Buffer.from(file.content, 'base64');
    if (createHash('sha1').update(content).digest('hex') !== file.digest)
      return reply.status(400).send({ status: 'error', message: 'digest mismatch' });
    const token = randomBytes(16).toString('hex');
    files.set(token, content);
    return { status: 'ok', token };
  });
  server.get('/api/file/upload/:token/status.json', async (request) => ({
    status: files.has((request.params as { token: string }).token) ? 'uploaded' : 'error',
  }));
  server.post('/api/signing/create.json', async (request, reply) => {
    const body = request.body as {
      type?: string;
      name?: string;
      files?: { token: string }[];
      signers?: { id: string; name: string; surname: string; code?: string; country_code?: string }[];
      postback_url?: string;
    };
    const fileToken = body.files?.[0]?.token;
    if (body.type !== 'pdf' || !body.name || !fileToken || !files.has(fileToken) || !body.signers?.length) {
      return reply.status(400).send({ status: 'error', message: 'invalid signing' });
    }
    for (const signer of body.signers)
      if (!signer.id || !signer.name || !signer.surname) return reply.status(400).send({ status: 'error' });
    const token = randomBytes(16).toString('hex');
    const signers = Object.fromEntries(body.signers.map((signer) => [signer.id, randomBytes(12).toString('hex')]));
    signings.set(token, { fileToken, signers, status: 'pending', postbackUrl: body.postback_url ?? '' });
    return { status: 'ok', token, signers };
  });
  server.get('/api/signing/:token/status.json', async (request, reply) => {
    const signing = signings.get((request.params as { token: string }).token);
    if (!signing) return reply.status(404).send({ status: 'error', message: 'not found' });
    return {
      status: signing.status,
      signers: {},
      file: signing.signed ? `${base}/api/signing/${(request.params as { token: string }).token}/download` : undefined,
    };
  });
  server.get('/api/signing/:token/download', async (request, reply) => {
    const signing = signings.get((request.params as { token: string }).token);
    if (!signing?.signed) return reply.status(404).send();
    return reply.type('application/pdf').send(signing.signed);
  });

  await server.listen({ host: '127.0.0.1', port: 0 });
  const address = server.server.address() as { port: number };
  base = `http://127.0.0.1:${address.port}`;
  return {
    server,
    base,
    signings,
    /** The signer signs at the gateway's page: the gateway signs the PDF and marks the signing completed. */
    async sign(token: string) {
      const signing = signings.get(token)!;
      signing.signed = await signPdf(files.get(signing.fileToken)!, key, {
        name: 'Aino Virtanen',
        reason: 'Dokobit',
        location: 'LT',
        contactInfo: '',
        signingTime: new Date(),
      });
      signing.status = 'completed';
    },
  };
}

describe('Dokobit Documents Gateway adapter', () => {
  let gateway: Awaited<ReturnType<typeof fakeGateway>>;
  const environment: Record<string, string> = { SIGNING_SERVICE: 'DOKOBIT_DOCUMENT_GATEWAY', DOKOBIT_ACCESS_TOKEN: ACCESS_TOKEN };
  beforeAll(async () => {
    gateway = await fakeGateway();
    environment.DOKOBIT_API_URL = gateway.base;
  });
  afterAll(async () => gateway.server.close());
  const ctx = useTestApp(environment);

  it('refuses calls the gateway refuses, and a signed file on another host', async () => {
    const wrong = createDokobitGateway({ apiUrl: gateway.base, accessToken: 'not-the-token' });
    await expect(wrong.status('nothing')).rejects.toBeInstanceOf(SigningServiceError);
    const adapter = createDokobitGateway({ apiUrl: gateway.base, accessToken: ACCESS_TOKEN });
    await expect(adapter.status('nothing')).rejects.toBeInstanceOf(SigningServiceError);
    expect(() => adapter.readCallback({ action: 'signing_completed' })).toThrow();
  });

  it('uploads the contract, sends the signer to the gateway and settles the postback by reading the status back', async () => {
    const db = ctx.database.db;
    const aino = await sessionCookieFor(db, PEOPLE.aino, 'lumo');
    const headers = { host: HOSTS.lumo, cookie: aino, 'content-type': 'application/json' };
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/contracts/create',
      headers,
      payload: {
        usagePointId: 'gp-lumo-kalevankatu-el',
        reason: 'move-in',
        productId: 'pr-lumo-porssi',
        startDate: addDays(todayIn('Europe/Helsinki'), 2),
        billing: { channel: 'Email', target: 'aino.virtanen@example.fi' },
        contact: { email: 'aino.virtanen@example.fi' },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const started = created.json<{ signingToken: string; signingUrl: string; returnsToPortal: boolean }>();
    expect(started.returnsToPortal).toBe(false);
    const url = new URL(started.signingUrl);
    const signingToken = url.pathname.split('/').pop()!;
    expect(url.origin).toBe(gateway.base);
    const signing = gateway.signings.get(signingToken)!;
    // The signer's own token from the create answer, keyed by the signer's id.
    expect(Object.values(signing.signers)).toEqual([url.searchParams.get('access_token')]);
    expect(signing.postbackUrl).toBe(`http://${HOSTS.lumo}/api/contracts/signing/callback/DOKOBIT_DOCUMENT_GATEWAY`);

    const postback = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/contracts/signing/callback/DOKOBIT_DOCUMENT_GATEWAY',
        headers: { host: HOSTS.lumo, 'content-type': 'application/json' },
        payload: { action: 'signing_completed', token: signingToken, file: 'https://elsewhere.example/forged.pdf' },
      });
    // A postback before the signer signed changes nothing: the gateway still says pending.
    expect((await postback()).json()).toEqual({ state: 'pending' });
    await gateway.sign(signingToken);
    expect((await postback()).json()).toEqual({ state: 'signed' });
    expect((await postback()).json()).toEqual({ state: 'signed' });

    const finalized = await ctx.app.inject({
      method: 'POST',
      url: '/api/contracts/finalize',
      headers,
      payload: { signingToken: started.signingToken },
    });
    expect(finalized.statusCode).toBe(200);
    const check = await checkSignedDocument(finalized.rawPayload);
    expect(check).toMatchObject({ ok: true, kind: 'pdf' });
  });
});
