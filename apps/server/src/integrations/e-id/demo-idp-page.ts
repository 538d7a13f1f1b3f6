import escapeHtml from 'escape-html';
import { randomBytes } from 'node:crypto';
import { languageOf, type LocaleId } from '@portal/schema/locale-ids';
import type { DemoIdentity } from './demo-idp-types.ts';
import type { AuthMethod, CountryCode } from './demo-idp-methods.ts';
import { demoIdpTexts, type DemoIdpTexts } from './demo-idp-texts.ts';

export type CountryChoice = { country: CountryCode; identities: DemoIdentity[]; methods: AuthMethod[] };

/** A rendered page and the CSP header that lets exactly its own inline style apply. */
export type HtmlPage = { html: string; policy: string };

/**
 * Where the page's forms may lead. A form post is followed by redirects back to the client, and browsers
 * check those against form-action too: the demo hosts and every registered redirect URI must be allowed.
 */
export function formActionSources(redirectUris: string[]): string[] {
  const clientOrigins = redirectUris.map((uri) => new URL(uri).origin);
  return [...new Set(["'self'", 'http://*.localhost:*', 'http://localhost:*', 'http://127.0.0.1:*', ...clientOrigins])];
}

const BANK_NAMES = { 'bank-nordea': 'Nordea', 'bank-op': 'OP', 'bank-swedbank': 'Swedbank' } as const;

function methodName(method: AuthMethod, texts: DemoIdpTexts): string {
  switch (method) {
    case 'bank-nordea':
    case 'bank-op':
    case 'bank-swedbank':
      return texts.bankId.replace('{bank}', BANK_NAMES[method]);
    case 'mobile-certificate':
      return texts.mobileCertificate;
    case 'mobile-id':
      return texts.mobileId;
    case 'id-card':
      return texts.idCard;
    case 'smart-id':
      return 'Smart-ID';
    case 'eparaksts':
      return 'eParaksts';
  }
}

/** The country prefix and the date part stay readable; the rest of the personal code is hidden, also from screen readers. */
function maskedCode(ssn: string): string {
  const visible = ssn.slice(0, 8);
  const hidden = ssn.slice(8).replace(/[\p{L}\p{N}]/gu, '•');
  return `${escapeHtml(visible)}<span aria-hidden="true">${escapeHtml(hidden)}</span>`;
}

const STYLE = `
:root{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#1b1b1f;background:#f1f3f5}
body{margin:0;padding:2rem 1rem}
main{max-width:40rem;margin:0 auto;padding:1.5rem 2rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 3px rgba(0,0,0,.2)}
h1{font-size:1.5rem;margin:0 0 .75rem}
h2{font-size:1.2rem;margin:0 0 .5rem}
.explanation{margin:0 0 1.5rem;padding:.75rem 1rem;border-left:4px solid #8a5300;background:#fff6e0}
section{border-top:1px solid #c9ced6;padding-top:1rem;margin-top:1rem}
fieldset{border:0;margin:0 0 1rem;padding:0}
legend{font-weight:600;padding:0;margin-bottom:.25rem}
.option{display:flex;align-items:center;gap:.6rem;padding:.3rem 0}
.option input{width:1.2rem;height:1.2rem;margin:0;flex:none;accent-color:#0b5394}
label{cursor:pointer}
.code,.note{color:#43474e}
.note{font-style:italic}
button{font:inherit;font-weight:600;padding:.6rem 1.4rem;border:2px solid #0b5394;border-radius:.375rem;background:#0b5394;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#0b5394}
.cancel{margin-top:1.5rem}
a{color:#0b5394}
:focus-visible{outline:3px solid #0b5394;outline-offset:3px}
`;

function page(locale: LocaleId, title: string, content: string, formActions: string[]): HtmlPage {
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
<body>
<main>
${content}
</main>
</body>
</html>
`;
  const policy = [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    "img-src 'self' data:",
    `form-action ${formActions.join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
  return { html, policy };
}

function countrySection(choice: CountryChoice, actionPath: string, locale: LocaleId, texts: DemoIdpTexts): string {
  const { country } = choice;
  const countryName = new Intl.DisplayNames([locale], { type: 'region' }).of(country) ?? country;
  const identities = choice.identities.map((identity, index) => {
    const id = `identity-${country}-${index}`;
    const note = identity.email === null ? ` <span class="note">(${escapeHtml(texts.noEmail)})</span>` : '';
    return `<div class="option"><input type="radio" id="${id}" name="identity" value="${escapeHtml(identity.ssn)}" required>
<label for="${id}">${escapeHtml(identity.name)} <span class="code">${maskedCode(identity.ssn)}</span>${note}</label></div>`;
  });
  const methods = choice.methods.map((method, index) => {
    const id = `method-${country}-${method}`;
    return `<div class="option"><input type="radio" id="${id}" name="method" value="${method}"${index === 0 ? ' checked' : ''}>
<label for="${id}">${escapeHtml(methodName(method, texts))}</label></div>`;
  });
  return `<section aria-labelledby="country-${country}">
<h2 id="country-${country}">${escapeHtml(countryName)}</h2>
<form method="post" action="${escapeHtml(actionPath)}">
<fieldset><legend>${escapeHtml(texts.identityLegend)}</legend>
${identities.join('\n')}
</fieldset>
<fieldset><legend>${escapeHtml(texts.methodLegend)}</legend>
${methods.join('\n')}
</fieldset>
<button type="submit" aria-describedby="country-${country}">${escapeHtml(texts.continue)}</button>
</form>
</section>`;
}

/** One form per country, since a person can only use the methods of their own country. */
export function renderChoicePage(input: {
  locale: LocaleId;
  interactionPath: string;
  choices: CountryChoice[];
  formActions: string[];
}): HtmlPage {
  const { locale, interactionPath, choices, formActions } = input;
  const texts = demoIdpTexts(locale);
  const content = `<h1>${escapeHtml(texts.title)}</h1>
<p class="explanation">${escapeHtml(texts.explanation)}</p>
${choices.map((choice) => countrySection(choice, `${interactionPath}/login`, locale, texts)).join('\n')}
<form class="cancel" method="post" action="${escapeHtml(`${interactionPath}/abort`)}">
<button type="submit" class="secondary">${escapeHtml(texts.cancel)}</button>
</form>`;
  return page(locale, texts.title, content, formActions);
}

/** A failure the person can read: what went wrong and, when it helps, the way back. */
export function renderMessagePage(input: {
  locale: LocaleId;
  message?: string;
  details?: Record<string, string | undefined>;
  backHref?: string;
  formActions: string[];
}): HtmlPage {
  const { locale, message, details = {}, backHref, formActions } = input;
  const texts = demoIdpTexts(locale);
  const detailLines = Object.entries(details)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([name, value]) => `<p><code>${escapeHtml(name)}</code>: ${escapeHtml(value)}</p>`);
  const back = backHref ? `<p><a href="${escapeHtml(backHref)}">${escapeHtml(texts.title)}</a></p>` : '';
  const content = `<h1>${escapeHtml(texts.failed)}</h1>
${message ? `<p>${escapeHtml(message)}</p>` : ''}
${detailLines.join('\n')}
${back}`;
  return page(locale, texts.failed, content, formActions);
}
