import { randomUUID } from 'node:crypto';
import { CallbacksNotSupportedError, PaymentProviderError, type PaymentProvider, type ProviderPaymentState } from './port.ts';

export type NeonomicsConfig = {
  /** e.g. https://sandbox.neonomics.io (sandbox) or https://api.neonomics.io. */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** The utility's account the payment is made to. */
  creditorIban: string;
  creditorName: string;
};

/**
 * ISO 20022 payment statuses as Neonomics reports them. Accepted for settlement counts as paid (the bank
 * has taken the order and will not bounce it for lack of funds); rejected or cancelled is final; the
 * rest (RCVD, PDNG, ACTC, ACCP, ACFC, PATC) waits for the bank.
 */
const CONFIRMED = new Set(['ACSC', 'ACSP', 'ACCC', 'ACWC']);
const FAILED = new Set(['RJCT', 'CANC']);
export function neonomicsState(status: string): ProviderPaymentState {
  if (CONFIRMED.has(status)) return 'confirmed';
  if (FAILED.has(status)) return 'failed';
  return 'pending';
}

type Link = { type?: string; rel?: string; href?: string };

/**
 * Neonomics (open banking), payment initiation for SEPA credit transfers:
 * token (OAuth2 client credentials) → GET /ics/v3/banks to find the payer's bank by BIC → POST /ics/v3/session
 * → POST /ics/v3/payments/sepa-credit → POST …/{paymentId}/authorize, whose redirect link takes the payer
 * to their bank for SCA. Back from the bank: POST …/{paymentId}/complete, then GET …/{paymentId}/status.
 * Neonomics sends no callbacks: the portal learns the outcome from the return and status polls.
 */
export function createNeonomicsProvider(config: NeonomicsConfig, fetchImpl: typeof fetch = fetch): PaymentProvider {
  const base = config.apiUrl.replace(/\/+$/, '');
  const deviceId = randomUUID();
  let token: { value: string; expiresAt: number } | null = null;

  async function send<T>(
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: unknown; form?: URLSearchParams } = {},
  ): Promise<{ status: number; body: T }> {
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          accept: 'application/json',
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...init.headers,
        },
        body: init.form ?? (init.body !== undefined ? JSON.stringify(init.body) : undefined),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new PaymentProviderError(`Neonomics is not reachable: ${String(error)}`);
    }
    const body = (await response.json().catch(() => ({}))) as T;
    return { status: response.status, body };
  }

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now() + 30_000) return token.value;
    const { status, body } = await send<{ access_token?: string; expires_in?: number }>('/auth/realms/live/protocol/openid-connect/token', {
      method: 'POST',
      form: new URLSearchParams({ grant_type: 'client_credentials', client_id: config.clientId, client_secret: config.clientSecret }),
    });
    if (status !== 200 || !body.access_token) throw new PaymentProviderError(`Neonomics refused the client credentials (${status})`);
    token = { value: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 300) * 1000 };
    return token.value;
  }

  async function authed<T>(path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) {
    const result = await send<T>(path, {
      ...init,
      headers: { authorization: `Bearer ${await accessToken()}`, 'x-device-id': deviceId, ...init.headers },
    });
    if (result.status >= 400) {
      const error = result.body as { errorCode?: string; message?: string };
      throw new PaymentProviderError(`Neonomics answered ${result.status} ${error.errorCode ?? ''}: ${error.message ?? ''}`.trim());
    }
    return result.body;
  }

  // The session id travels with the payment id: every later call about the payment needs both.
  const referenceOf = (sessionId: string, paymentId: string) => `${sessionId}~${paymentId}`;
  const parseReference = (reference: string) => {
    const [sessionId, paymentId] = reference.split('~');
    if (!sessionId || !paymentId) throw new PaymentProviderError(`Not a Neonomics payment reference: ${reference}`);
    return { sessionId, paymentId };
  };

  return {
    id: 'NEONOMICS',
    async createPayment(input) {
      const country = input.bankBic?.slice(4, 6);
      const banks = await authed<{ id: string; bic?: string; countryCode?: string }[]>(
        `/ics/v3/banks${country ? `?countryCode=${country}` : ''}`,
      );
      const bank = banks.find((candidate) => candidate.bic === input.bankBic) ?? (input.bankBic ? undefined : banks[0]);
      if (!bank) throw new PaymentProviderError(`Neonomics does not reach the bank ${input.bankBic}`);
      const { sessionId } = await authed<{ sessionId: string }>('/ics/v3/session', { method: 'POST', body: { bankId: bank.id } });
      const psuHeaders = { 'x-session-id': sessionId, 'x-psu-ip-address': input.payerIp, 'x-redirect-url': input.returnUrl };
      const initiated = await authed<{ paymentId?: string; status?: string }>('/ics/v3/payments/sepa-credit', {
        method: 'POST',
        headers: psuHeaders,
        body: {
          creditorAccount: { iban: config.creditorIban },
          creditorName: config.creditorName,
          instructedAmount: (input.amountCents / 100).toFixed(2),
          currency: input.currency,
          remittanceInformationUnstructured: `${input.description} ${input.referenceNumber}`.slice(0, 140),
          endToEndIdentification: input.paymentId.replaceAll('-', '').slice(0, 35),
        },
      });
      if (!initiated.paymentId) throw new PaymentProviderError('Neonomics answered without a paymentId');
      const authorization = await authed<{ links?: Link[] }>(
        `/ics/v3/payments/sepa-credit/${encodeURIComponent(initiated.paymentId)}/authorize`,
        {
          method: 'POST',
          headers: psuHeaders,
        },
      );
      const redirect =
        authorization.links?.find((link) => link.href && (link.type === 'redirect' || link.rel === 'authorize')) ??
        authorization.links?.[0];
      if (!redirect?.href) throw new PaymentProviderError('Neonomics answered without an authorisation link');
      return { providerReference: referenceOf(sessionId, initiated.paymentId), redirectUrl: redirect.href };
    },
    async fetchStatus(providerReference) {
      const { sessionId, paymentId } = parseReference(providerReference);
      const path = `/ics/v3/payments/sepa-credit/${encodeURIComponent(paymentId)}`;
      const headers = { 'x-session-id': sessionId };
      // After SCA the payment must be completed; completing twice is refused, which is fine: the status tells.
      await authed(`${path}/complete`, { method: 'POST', headers }).catch(() => undefined);
      const body = await authed<{ paymentId?: string; status?: string }>(`${path}/status`, { headers });
      if (!body.status) throw new PaymentProviderError('Neonomics answered without a status');
      return { providerReference, state: neonomicsState(body.status), providerState: body.status };
    },
    async readCallback() {
      throw new CallbacksNotSupportedError('Neonomics reports payments by redirect and status only');
    },
  };
}
