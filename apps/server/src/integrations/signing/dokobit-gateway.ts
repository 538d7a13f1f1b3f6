import { createHash } from 'node:crypto';
import type { SigningState } from '@portal/schema/contract-signing';
import { ForgedSigningCallbackError, SigningServiceError, type SignedFile, type SigningService, type StartSigningInput } from './port.ts';

export type DokobitConfig = {
  /** https://gateway.dokobit.com, or the sandbox; tests point it at a local stand-in. */
  apiUrl: string;
  accessToken: string;
  /** How long to wait for an uploaded file to be ready before creating the signing. */
  uploadWaitMs?: number;
};

type GatewayAnswer = { status?: string; message?: string; token?: string; signers?: Record<string, string>; file?: string };

/** Dokobit's signing statuses (GET signing/{token}/status): completed and archived mean signed. */
const STATES: Record<string, SigningState> = { pending: 'pending', completed: 'signed', archived: 'signed', failed: 'refused' };

/**
 * Dokobit Documents Gateway (docs/decisions/033-signing-port.md), as its public API describes it: the PDF is
 * uploaded (`file/upload`, content in base64 with its SHA-1 digest) and, once `file/upload/{token}/status` says
 * uploaded, a signing is created for one signer (`signing/create`); the signer signs at
 * `/signing/{signing token}?access_token={signer token}`; `signing/{token}/status` tells the state and the signed
 * file's URL, which is downloaded with the API token. Every call carries `access_token` in the query.
 */
export function createDokobitGateway(config: DokobitConfig, fetcher: typeof fetch = fetch): SigningService {
  const base = config.apiUrl.replace(/\/+$/, '');
  const withToken = (url: string, token = config.accessToken) =>
    `${url}${url.includes('?') ? '&' : '?'}access_token=${encodeURIComponent(token)}`;

  async function call(method: 'GET' | 'POST', action: string, body?: unknown): Promise<GatewayAnswer> {
    let response: Response;
    try {
      response = await fetcher(withToken(`${base}/api/${action}.json`), {
        method,
        headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      throw new SigningServiceError(`Dokobit ${action} could not be reached: ${(error as Error).message}`);
    }
    const answer = (await response.json().catch(() => ({}))) as GatewayAnswer;
    if (!response.ok) throw new SigningServiceError(`Dokobit ${action} answered ${response.status}: ${answer.message ?? ''}`);
    return answer;
  }

  async function waitUntilUploaded(fileToken: string) {
    const deadline = Date.now() + (config.uploadWaitMs ?? 15_000);
    for (;;) {
      const { status } = await call('GET', `file/upload/${encodeURIComponent(fileToken)}/status`);
      if (status === 'uploaded') return;
      if (status !== 'pending' || Date.now() > deadline) throw new SigningServiceError(`Dokobit did not take the file: ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  return {
    id: 'DOKOBIT_DOCUMENT_GATEWAY',
    async start(input: StartSigningInput) {
      const upload = await call('POST', 'file/upload', {
        file: {
          name: input.fileName,
          digest: createHash('sha1').update(input.document).digest('hex'),
          content: input.document.toString('base64'),
        },
      });
      if (upload.status !== 'ok' || !upload.token)
        throw new SigningServiceError(`Dokobit refused the file: ${upload.message ?? upload.status}`);
      await waitUntilUploaded(upload.token);
      const { signer } = input;
      const created = await call('POST', 'signing/create', {
        type: 'pdf',
        name: input.title,
        files: [{ token: upload.token }],
        signers: [
          {
            id: signer.id,
            name: signer.firstName,
            surname: signer.lastName,
            code: signer.personalCode,
            country_code: signer.countryCode.toLowerCase(),
            signing_purpose: 'signature',
          },
        ],
        postback_url: input.postbackUrl,
        language: input.language,
      });
      const signerToken = created.signers?.[signer.id];
      if (created.status !== 'ok' || !created.token || !signerToken) {
        throw new SigningServiceError(`Dokobit could not create the signing: ${created.message ?? created.status}`);
      }
      return { providerToken: created.token, signingUrl: withToken(`${base}/signing/${encodeURIComponent(created.token)}`, signerToken) };
    },

    async status(providerToken) {
      const answer = await call('GET', `signing/${encodeURIComponent(providerToken)}/status`);
      return STATES[answer.status ?? ''] ?? 'pending';
    },

    async download(providerToken): Promise<SignedFile> {
      const answer = await call('GET', `signing/${encodeURIComponent(providerToken)}/status`);
      if (STATES[answer.status ?? ''] !== 'signed' || !answer.file) throw new SigningServiceError('Dokobit has no signed file yet');
      // The file URL is the gateway's own; anything else would send the API token elsewhere.
      if (new URL(answer.file).origin !== new URL(base).origin) throw new SigningServiceError('Dokobit named a file on another host');
      let response: Response;
      try {
        response = await fetcher(withToken(answer.file), { signal: AbortSignal.timeout(60_000) });
      } catch (error) {
        throw new SigningServiceError(`The signed file could not be fetched: ${(error as Error).message}`);
      }
      if (!response.ok) throw new SigningServiceError(`The signed file answered ${response.status}`);
      return { content: Buffer.from(await response.arrayBuffer()), contentType: 'application/pdf' };
    },

    readCallback(body) {
      const token = typeof body === 'object' && body !== null ? (body as { token?: unknown }).token : undefined;
      if (typeof token !== 'string' || token.length === 0 || token.length > 200) {
        throw new ForgedSigningCallbackError('The postback names no signing');
      }
      return { providerToken: token };
    },
  };
}
