import formbody from '@fastify/formbody';
import escapeHtml from 'escape-html';
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { languageOf, type LocaleId } from '@portal/schema/locale-ids';
import { documentTexts } from '../../platform/document-texts.ts';
import { sendAttachment } from '../../platform/downloads.ts';
import { requestLocale } from '../../platform/request-locale.ts';
import { METHODS_BY_COUNTRY, type CountryCode } from '../e-id/demo-idp-methods.ts';
import { LOCAL_SIGNING_PATH, type LocalSigningService } from './local-signing-service.ts';
import { INPUT_LIMITS } from '../../platform/input-limits.ts';

const STYLE = `
:root{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#1b1b1f;background:#eef1f5}
body{margin:0;padding:2rem 1rem}
main{max-width:34rem;margin:0 auto;padding:1.5rem 2rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 3px rgba(0,0,0,.2)}
h1{font-size:1.4rem;margin:0 0 .5rem}
.explanation{margin:0 0 1.25rem;padding:.75rem 1rem;border-left:4px solid #8a5300;background:#fff6e0}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0 0 1.25rem}
dt{color:#43474e}dd{margin:0;font-weight:600}
fieldset{border:0;margin:0 0 1rem;padding:0}
legend{font-weight:600;padding:0;margin-bottom:.25rem}
.option{display:flex;align-items:center;gap:.6rem;padding:.3rem 0}
.option input{width:1.2rem;height:1.2rem;margin:0;accent-color:#0b5394}
.actions{display:flex;flex-wrap:wrap;gap:.6rem}
button{font:inherit;font-weight:600;padding:.7rem 1.2rem;border-radius:.375rem;cursor:pointer;border:2px solid #0b5394}
.sign{background:#0b5394;color:#fff}
.refuse{background:#fff;color:#a3191f;border-color:#a3191f}
.done{padding:.75rem 1rem;background:#eef1f5;border-radius:.375rem}
a{color:#0b5394}
:focus-visible{outline:3px solid #0b5394;outline-offset:3px}
`;

const METHOD_NAMES: Record<string, string> = {
  'bank-nordea': 'Nordea',
  'bank-op': 'OP',
  'bank-swedbank': 'Swedbank',
  'mobile-certificate': 'Mobiilivarmenne',
  'mobile-id': 'Mobiil-ID',
  'id-card': 'ID-kaart',
  'smart-id': 'Smart-ID',
  eparaksts: 'eParaksts',
};

/** The date part of a personal code stays readable; the rest is hidden, also from screen readers. */
const masked = (code: string) =>
  `${escapeHtml(code.slice(0, 8))}<span aria-hidden="true">${escapeHtml(code.slice(8).replace(/[\p{L}\p{N}]/gu, '•'))}</span>`;

function sendPage(reply: FastifyReply, locale: LocaleId, title: string, content: string, status = 200) {
  const nonce = randomBytes(16).toString('base64');
  const html = `<!doctype html>
<html lang="${languageOf(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body><main>
${content}
</main></body>
</html>`;
  return reply
    .status(status)
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'nonce-${nonce}'; img-src data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    )
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

/**
 * The local signing service's pages (demo mode, outside the API and its OpenAPI document): the signer sees what
 * they sign, confirms with one of their country's e-ID methods, and the document is signed with the service's
 * demo certificate; refusing is as easy. The service then reports to the portal and sends the browser back.
 */
export const localSigningPages: FastifyPluginAsync<{ signing: LocalSigningService }> = async (app, { signing }) => {
  // Only this context parses forms, so the rest of the app keeps refusing content types it does not expect.
  await app.register(formbody, { bodyLimit: INPUT_LIMITS.demoPageFormBytes.limit });

  app.get<{ Params: { token: string } }>(`${LOCAL_SIGNING_PATH}/:token`, async (request, reply) => {
    const locale = requestLocale(request);
    const t = documentTexts(locale);
    const found = await signing.find(request.params.token, request.site.id);
    if (!found)
      return sendPage(reply, locale, t('signing.service.not-found'), `<h1>${escapeHtml(t('signing.service.not-found'))}</h1>`, 404);
    if (found.state !== 'pending') {
      return sendPage(
        reply,
        locale,
        t('signing.service.title'),
        `<h1>${escapeHtml(t('signing.service.title'))}</h1>
<p class="done">${escapeHtml(t(found.state === 'signed' ? 'signing.service.already-signed' : 'signing.service.already-refused'))}</p>
<p><a href="${escapeHtml(found.returnUrl)}">${escapeHtml(t('signing.service.back'))}</a></p>`,
      );
    }
    const methods = METHODS_BY_COUNTRY[found.signerCountry as CountryCode] ?? METHODS_BY_COUNTRY.FI;
    const options = methods
      .map(
        (
          method,
          index,
        ) => `<div class="option"><input type="radio" id="method-${method}" name="method" value="${method}"${index === 0 ? ' checked' : ''}>
<label for="method-${method}">${escapeHtml(METHOD_NAMES[method] ?? method)}</label></div>`,
      )
      .join('\n');
    return sendPage(
      reply,
      locale,
      t('signing.service.title'),
      `<h1>${escapeHtml(t('signing.service.title'))}</h1>
<p class="explanation">${escapeHtml(t('signing.service.explanation'))}</p>
<dl>
<dt>${escapeHtml(t('signing.service.document'))}</dt><dd>${escapeHtml(found.title)}</dd>
<dt>${escapeHtml(t('signing.service.signer'))}</dt><dd>${escapeHtml(found.signerName)} <span>${masked(found.signerCode)}</span></dd>
</dl>
<p><a href="${LOCAL_SIGNING_PATH}/${escapeHtml(found.token)}/document" target="_blank" rel="noopener noreferrer">${escapeHtml(t('signing.service.open-document'))}</a></p>
<form method="post">
<fieldset><legend>${escapeHtml(t('signing.service.method'))}</legend>
${options}
</fieldset>
<div class="actions">
<button class="sign" name="decision" value="sign" type="submit">${escapeHtml(t('signing.service.sign'))}</button>
<button class="refuse" name="decision" value="refuse" type="submit">${escapeHtml(t('signing.service.refuse'))}</button>
</div>
</form>`,
    );
  });

  app.get<{ Params: { token: string } }>(`${LOCAL_SIGNING_PATH}/:token/document`, async (request, reply) => {
    const found = await signing.find(request.params.token, request.site.id);
    if (!found) return reply.status(404).type('text/plain').send('No such signing');
    return sendAttachment(reply, {
      filename: found.fileName,
      contentType: 'application/pdf',
      body: found.signedFile ?? found.document,
      disposition: 'inline',
    });
  });

  app.post<{ Params: { token: string }; Body: { decision?: string; method?: string } }>(
    `${LOCAL_SIGNING_PATH}/:token`,
    async (request, reply) => {
      const { decision, method } = request.body ?? {};
      const found = await signing.find(request.params.token, request.site.id);
      if (!found) return reply.status(404).type('text/plain').send('No such signing');
      const methods: readonly string[] = METHODS_BY_COUNTRY[found.signerCountry as CountryCode] ?? [];
      if (decision === 'sign' && method && methods.includes(method)) await signing.sign(found, METHOD_NAMES[method] ?? method);
      else if (decision === 'refuse') await signing.refuse(found);
      else return reply.status(400).type('text/plain').send('Choose an e-ID method and sign, or refuse');
      // The service's server tells the portal's, as Dokobit's postback does, before the signer is even back.
      const answer = await app.inject({
        method: 'POST',
        url: '/api/contracts/signing/callback/LOCAL',
        headers: { host: request.headers.host ?? 'localhost', 'content-type': 'application/json' },
        payload: JSON.stringify({ token: found.token, action: decision === 'sign' ? 'signing_completed' : 'signing_refused' }),
      });
      if (answer.statusCode >= 400) request.log.warn({ statusCode: answer.statusCode, body: answer.body }, 'signing postback refused');
      return reply.redirect(found.returnUrl, 303);
    },
  );
};
