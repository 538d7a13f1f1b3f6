import escapeHtml from 'escape-html';
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { languageOf } from '@portal/schema/locale-ids';
import { requestLocale } from '../../platform/request-locale.ts';
import { formatMoney, documentTexts } from '../../platform/document-texts.ts';
import { SIMULATOR_SIGNATURE_HEADER, type PaymentSimulator } from './simulator.ts';
import { INPUT_LIMITS } from '../../platform/input-limits.ts';

const STYLE = `
:root{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#1b1b1f;background:#eef1f5}
body{margin:0;padding:2rem 1rem}
main{max-width:32rem;margin:0 auto;padding:1.5rem 2rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 3px rgba(0,0,0,.2)}
h1{font-size:1.4rem;margin:0 0 .5rem}
.explanation{margin:0 0 1.25rem;padding:.75rem 1rem;border-left:4px solid #8a5300;background:#fff6e0}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0 0 1.5rem}
dt{color:#43474e}dd{margin:0;font-weight:600;text-align:right}
.amount{font-size:1.6rem}
form{display:flex;flex-direction:column;gap:.6rem}
button{font:inherit;font-weight:600;padding:.7rem 1.2rem;border-radius:.375rem;cursor:pointer;border:2px solid #0b5394}
.approve{background:#0b5394;color:#fff}
.decline{background:#fff;color:#a3191f;border-color:#a3191f}
.pending{background:#fff;color:#0b5394}
.done{padding:.75rem 1rem;background:#eef1f5;border-radius:.375rem}
a{color:#0b5394}
:focus-visible{outline:3px solid #0b5394;outline-offset:3px}
`;

/**
 * The simulator's payment page: what a bank or card page would be. The payer approves, declines or leaves
 * the payment pending; the simulator then sends its signed callback and returns the payer to the portal.
 */
export const paymentSimulatorPages: FastifyPluginAsync<{ simulator: PaymentSimulator }> = async (app, { simulator }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: INPUT_LIMITS.demoPageFormBytes.limit },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get<{ Params: { reference: string } }>('/payment-simulator/:reference', async (request, reply) => {
    const found = await simulator.find(request.params.reference, request.site.id);
    const locale = requestLocale(request);
    const t = documentTexts(locale);
    const nonce = randomBytes(16).toString('base64');
    let content: string;
    if (!found) {
      reply.status(404);
      content = `<h1>${escapeHtml(t('payments.simulator.not-found'))}</h1>`;
    } else if (found.state !== 'pending') {
      content = `<h1>${escapeHtml(t('payments.simulator.title'))}</h1>
<p class="done">${escapeHtml(t(found.state === 'approved' ? 'payments.simulator.already-approved' : 'payments.simulator.already-declined'))}</p>
<p><a href="${escapeHtml(found.returnUrl)}">${escapeHtml(t('payments.simulator.back'))}</a></p>`;
    } else {
      content = `<h1>${escapeHtml(t('payments.simulator.title'))}</h1>
<p class="explanation">${escapeHtml(t('payments.simulator.explanation'))}</p>
<dl>
<dt>${escapeHtml(t('payments.simulator.merchant'))}</dt><dd>${escapeHtml(found.merchantName)}</dd>
<dt>${escapeHtml(t('payments.simulator.description'))}</dt><dd>${escapeHtml(found.description)}</dd>
<dt>${escapeHtml(t('payments.simulator.amount'))}</dt><dd class="amount">${escapeHtml(formatMoney(found.amountCents, locale))}</dd>
</dl>
<form method="post">
<button class="approve" name="decision" value="approve" type="submit">${escapeHtml(t('payments.simulator.approve'))}</button>
<button class="pending" name="decision" value="pending" type="submit">${escapeHtml(t('payments.simulator.leave-pending'))}</button>
<button class="decline" name="decision" value="decline" type="submit">${escapeHtml(t('payments.simulator.decline'))}</button>
</form>`;
    }
    const html = `<!doctype html>
<html lang="${languageOf(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(t('payments.simulator.title'))}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body><main>
${content}
</main></body>
</html>`;
    return reply
      .header(
        'content-security-policy',
        `default-src 'none'; style-src 'nonce-${nonce}'; img-src data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
      )
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
  });

  app.post<{ Params: { reference: string }; Body: { decision?: string } }>('/payment-simulator/:reference', async (request, reply) => {
    const decision = request.body?.decision;
    if (decision !== 'approve' && decision !== 'decline' && decision !== 'pending') {
      return reply.status(400).type('text/plain').send('Choose approve, decline or pending');
    }
    const found = await simulator.find(request.params.reference, request.site.id);
    if (!found) return reply.status(404).type('text/plain').send('No such payment');
    await simulator.decide(found.reference, found.siteId, decision);
    if (decision !== 'pending') {
      // The provider's server tells the merchant's server, as a real provider does: a signed callback
      // through the portal's public callback route, before the payer is even back.
      const { rawBody, signature } = simulator.signedCallback(found.reference, decision === 'approve' ? 'approved' : 'declined');
      const answer = await app.inject({
        method: 'POST',
        url: '/api/payments/callback/SIMULATOR',
        headers: { host: request.headers.host ?? 'localhost', 'content-type': 'application/json', [SIMULATOR_SIGNATURE_HEADER]: signature },
        payload: rawBody,
      });
      if (answer.statusCode >= 400) request.log.warn({ statusCode: answer.statusCode, body: answer.body }, 'simulator callback refused');
    }
    return reply.redirect(found.returnUrl, 303);
  });
};
