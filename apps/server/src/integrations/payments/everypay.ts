import { randomUUID } from 'node:crypto';
import { PaymentProviderError, type CallbackRequest, type PaymentProvider, type ProviderPaymentState } from './port.ts';

export type EveryPayConfig = {
  /** API base including the version, e.g. https://igw-demo.every-pay.com/api/v4 (test) or https://pay.every-pay.eu/api/v4. */
  apiUrl: string;
  apiUsername: string;
  apiSecret: string;
  /** The processing account, e.g. EUR3D1. */
  accountName: string;
};

/**
 * EveryPay API v4 payment states. `settled` is money taken; the failed family is final;
 * everything else (initial, waiting_for_sca, sent_for_processing, waiting_for_3ds_response, authorised) waits.
 */
const FINAL_FAILED = new Set(['failed', 'abandoned', 'voided', 'refunded', 'chargebacked']);
export function everyPayState(paymentState: string): ProviderPaymentState {
  if (paymentState === 'settled') return 'confirmed';
  if (FINAL_FAILED.has(paymentState)) return 'failed';
  return 'pending';
}

/** EveryPay's languages on its payment page; others fall back to English. */
const LOCALES = new Set(['en', 'et', 'fi', 'lv', 'lt', 'ru', 'sv', 'de', 'es', 'fr', 'pl']);

type OneoffResponse = { payment_reference?: string; payment_link?: string; payment_state?: string };
type PaymentResponse = {
  payment_reference?: string;
  payment_state?: string;
  initial_amount?: number | string;
  standing_amount?: number | string;
};

/**
 * EveryPay (card gateway), API v4: POST /payments/oneoff starts a one-off payment and answers with a
 * `payment_link` the payer opens; the payer comes back to `customer_url`; EveryPay's callback names the
 * `payment_reference` and an `event_name` and carries no state, so the state is read with
 * GET /payments/{payment_reference}?api_username=… — every call authenticated with HTTP Basic
 * (api_username:api_secret).
 */
export function createEveryPayProvider(config: EveryPayConfig, fetchImpl: typeof fetch = fetch): PaymentProvider {
  const base = config.apiUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${config.apiUsername}:${config.apiSecret}`).toString('base64')}`;

  async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        ...init,
        headers: { authorization, accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new PaymentProviderError(`EveryPay is not reachable: ${String(error)}`);
    }
    const body = (await response.json().catch(() => ({}))) as T & { error?: { code?: number; message?: string } };
    if (!response.ok) throw new PaymentProviderError(`EveryPay answered ${response.status}: ${body.error?.message ?? 'no message'}`);
    return body;
  }

  const toCents = (amount: number | string | undefined) => (amount === undefined ? undefined : Math.round(Number(amount) * 100));

  return {
    id: 'EVERYPAY',
    async createPayment(input) {
      const language = input.locale.slice(0, 2);
      const body = await call<OneoffResponse>('/payments/oneoff', {
        method: 'POST',
        body: JSON.stringify({
          api_username: config.apiUsername,
          account_name: config.accountName,
          // A decimal number of euros; JSON writes 1234/100 as 12.34 exactly.
          amount: input.amountCents / 100,
          order_reference: input.paymentId,
          nonce: randomUUID(),
          timestamp: new Date().toISOString(),
          customer_url: input.returnUrl,
          locale: LOCALES.has(language) ? language : 'en',
          customer_ip: input.payerIp,
        }),
      });
      if (!body.payment_reference || !body.payment_link)
        throw new PaymentProviderError('EveryPay answered without payment_reference or payment_link');
      return { providerReference: body.payment_reference, redirectUrl: body.payment_link };
    },
    async fetchStatus(providerReference) {
      const query = new URLSearchParams({ api_username: config.apiUsername });
      const body = await call<PaymentResponse>(`/payments/${encodeURIComponent(providerReference)}?${query}`);
      if (body.payment_reference !== providerReference || !body.payment_state) {
        throw new PaymentProviderError('EveryPay answered about another payment');
      }
      return {
        providerReference,
        state: everyPayState(body.payment_state),
        providerState: body.payment_state,
        amountCents: toCents(body.initial_amount),
      };
    },
    async readCallback(request: CallbackRequest) {
      // The callback arrives as query parameters or a form/JSON body; only the reference is taken from it.
      let fields: Record<string, unknown> = { ...request.query };
      if (request.rawBody) {
        try {
          fields = { ...fields, ...(JSON.parse(request.rawBody) as Record<string, unknown>) };
        } catch {
          fields = { ...fields, ...Object.fromEntries(new URLSearchParams(request.rawBody)) };
        }
      }
      const reference = fields.payment_reference;
      if (typeof reference !== 'string' || !/^[A-Za-z0-9_-]{8,128}$/.test(reference)) {
        throw new PaymentProviderError('The EveryPay callback names no payment_reference');
      }
      return { providerReference: reference };
    },
  };
}
