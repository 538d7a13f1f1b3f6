import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { axeFindings } from './accessibility.ts';
import { PAYMENT_STEPS } from '../packages/schema/src/pages.ts';
import { signInWithEid } from './sign-in.ts';
import { siteUrl, type SiteName } from './sites.ts';
import { text } from './texts.ts';

/** The pages of the build the journeys run against (apps/web/dist/route-manifest.json, decision 021). */
const PAGES: string[] = JSON.parse(readFileSync(new URL('../apps/web/dist/route-manifest.json', import.meta.url), 'utf8')).pages;

type Role = 'stranger' | 'customer' | 'staff' | 'admin' | 'network-customer' | 'network-staff';
type Ids = { contract: string; offered: string; invoice: string; gridContract: string };

/**
 * Who opens each page of the manifest on Lumo, and at which addresses (a page with parameters at real ones, every
 * settings tab, every payment step); a network operator's pages on Kallio (the `network-` roles). A page added to the
 * app without a row here fails the last test.
 */
const VISITS: Record<string, { role: Role; urls: (ids: Ids) => string[] }> = {
  '/': { role: 'stranger', urls: () => ['/'] },
  '/auth/signin': { role: 'stranger', urls: () => ['/auth/signin'] },
  '/auth/error': { role: 'stranger', urls: () => ['/auth/error?error=AccessDenied'] },
  '/auth/confirm-request': { role: 'stranger', urls: () => ['/auth/confirm-request'] },
  '/auth/safe-link-out': { role: 'stranger', urls: () => ['/auth/safe-link-out'] },
  '/auth/signout': { role: 'customer', urls: () => ['/auth/signout'] },
  '/landing': { role: 'customer', urls: () => ['/landing'] },
  '/dashboard': { role: 'customer', urls: () => ['/dashboard'] },
  '/charts': { role: 'customer', urls: () => ['/charts', '/charts?view=table'] },
  '/invoices': { role: 'customer', urls: () => ['/invoices'] },
  '/invoices/$id/$step': { role: 'customer', urls: ({ invoice }) => PAYMENT_STEPS.map((step) => `/invoices/${invoice}/${step}`) },
  '/contracts': { role: 'customer', urls: () => ['/contracts'] },
  '/contracts/sign': { role: 'customer', urls: () => ['/contracts/sign'] },
  '/contracts/sign/confirmation': { role: 'customer', urls: () => ['/contracts/sign/confirmation'] },
  '/contracts/$id/move-out': { role: 'customer', urls: ({ contract }) => [`/contracts/${contract}/move-out`] },
  '/contracts/$id/move-out/confirmation': { role: 'customer', urls: ({ contract }) => [`/contracts/${contract}/move-out/confirmation`] },
  '/contracts/$id/offer': { role: 'customer', urls: ({ offered }) => [`/contracts/${offered}/offer`] },
  '/contracts/$id/offer/confirmation': { role: 'customer', urls: ({ offered }) => [`/contracts/${offered}/offer/confirmation`] },
  '/outages': { role: 'customer', urls: () => ['/outages'] },
  '/power-control': { role: 'customer', urls: () => ['/power-control'] },
  '/support': { role: 'customer', urls: () => ['/support'] },
  '/inbox': { role: 'customer', urls: () => ['/inbox'] },
  '/settings': {
    role: 'customer',
    urls: () =>
      [
        'profile',
        'contacts',
        'addresses',
        'bank-accounts',
        'outage-contacts',
        'notifications',
        'push-notifications',
        'appearance',
        'data-access',
        'sessions',
      ].map((tab) => `/settings?tab=${tab}`),
  },
  '/settings/email-confirmation': { role: 'customer', urls: () => ['/settings/email-confirmation?token=used'] },
  '/staff': { role: 'staff', urls: () => ['/staff', '/staff?q=Virtanen'] },
  '/staff/tickets': { role: 'staff', urls: () => ['/staff/tickets'] },
  // Connections and solar (decision 124): a network operator's pages, offered on Kallio only.
  '/connection-requests': { role: 'network-customer', urls: () => ['/connection-requests'] },
  '/staff/connection-requests': { role: 'network-staff', urls: () => ['/staff/connection-requests'] },
  '/staff/outages': { role: 'network-staff', urls: () => ['/staff/outages'] },
  // A grid contract's network products (decision 127), at Mikko's cottage.
  '/contracts/$id/network-product': {
    role: 'network-customer',
    urls: ({ gridContract }) => [`/contracts/${gridContract}/network-product`],
  },
  '/admin': { role: 'admin', urls: () => ['/admin'] },
  '/admin/announcements': { role: 'admin', urls: () => ['/admin/announcements'] },
  '/admin/audit': { role: 'admin', urls: () => ['/admin/audit'] },
  '/admin/feedback': { role: 'admin', urls: () => ['/admin/feedback'] },
  '/admin/translations': { role: 'admin', urls: () => ['/admin/translations'] },
};

const PEOPLE: Record<Exclude<Role, 'stranger'>, string> = {
  customer: 'Aino Virtanen',
  staff: 'Sanna Nieminen',
  admin: 'Jukka Mäkinen',
  'network-customer': 'Mikko Korhonen',
  'network-staff': 'Tiina Salonen',
};

/** Where each role's pages are opened: Lumo, but Kallio for a network operator's. */
const siteOf = (role: Role): SiteName => (role.startsWith('network-') ? 'kallio' : 'lumo');

/**
 * What every page must pass once it has loaded: no serious or critical axe-core finding (WCAG 2.1 A and AA), headings
 * in order (Lighthouse's heading-order, an axe best practice), no form with two fields of one accessible name, no
 * content security policy violation (a library's caught probe counts: browsers report it, and Lighthouse's Best
 * Practices with them), and no `<label>` that labels nothing (Chromium's issues panel reports it; a group's caption
 * is named by `aria-labelledby`, not by a label element).
 */
async function expectCalmPage(page: Page, url: string, site: SiteName) {
  await page.goto(siteUrl(site, url));
  await expect(page.locator('main').first()).toBeVisible();
  // Loaded: no loading state left (shared/ui/load-state.tsx), no skeleton of the server's first drawing.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  const findings = await axeFindings(page, { bestPractice: true, alsoBlocking: ['heading-order'] });
  const duplicates: string[] = [];
  for (const form of await page.locator('form').all()) {
    if (await form.isVisible()) duplicates.push(...duplicateFieldNames(await form.ariaSnapshot()));
  }
  const { policyViolations, emptyLabels } = await page.evaluate(() => ({
    policyViolations: (window as unknown as { __policyViolations: string[] }).__policyViolations,
    emptyLabels: [...document.querySelectorAll('label')]
      .filter((label) => !label.htmlFor && !label.querySelector('input, select, textarea, button, meter, output, progress'))
      .map((label) => label.outerHTML.slice(0, 120)),
  }));
  expect({ url, findings, duplicates, policyViolations, emptyLabels }).toEqual({
    url,
    findings: [],
    duplicates: [],
    policyViolations: [],
    emptyLabels: [],
  });
}

/** Every document of the page records the content security policy's violations as they happen, for expectCalmPage. */
async function recordPolicyViolations(page: Page) {
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { __policyViolations: string[] }).__policyViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`),
    );
  });
}

const FIELD = /^(\s*)- (?:textbox|combobox|searchbox|spinbutton|slider|switch|checkbox|listbox) "([^"]+)"/;
const GROUP = /^(\s*)- (?:group|radiogroup|row) "([^"]+)"/;

/**
 * Fields of one form that a screen reader names alike: the same accessible name within the same named group (a
 * fieldset's legend or a row's name tells repeated fields apart), read from the form's accessibility tree.
 */
function duplicateFieldNames(snapshot: string): string[] {
  const groups: { indent: number; name: string }[] = [];
  const seen = new Set<string>();
  const duplicates: string[] = [];
  for (const line of snapshot.split('\n')) {
    const indent = /^\s*/.exec(line)![0].length;
    while (groups.length > 0 && groups.at(-1)!.indent >= indent) groups.pop();
    const group = GROUP.exec(line);
    if (group) groups.push({ indent, name: group[2]! });
    const field = FIELD.exec(line);
    if (!field) continue;
    const key = [...groups.map((item) => item.name), field[2]].join(' › ');
    if (seen.has(key)) duplicates.push(key);
    seen.add(key);
  }
  return duplicates;
}

async function asRole(page: Page, role: Role) {
  await recordPolicyViolations(page);
  await page.goto(siteUrl(siteOf(role), '/auth/signin'));
  // The consent banner is its own journey's (cookie-consent.spec.ts): decided once, it stays away. Kallio has none.
  if (siteOf(role) === 'lumo') await page.getByRole('button', { name: text('fi-FI', 'cookie-consent.reject-all') }).click();
  if (role !== 'stranger') {
    await signInWithEid(page, 'fi-FI', PEOPLE[role], 'OP');
    await expect(page).not.toHaveURL(/\/idp\//);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
}

/** Asked from the page: the browser resolves *.localhost to this machine, Node's resolver does not. */
const getFrom = <T>(page: Page, path: string) =>
  page.evaluate(async (url) => (await fetch(url)).json() as Promise<unknown>, path) as Promise<T>;

/**
 * The ids the pages with parameters are opened at: Aino's current contract, one with a renewal offer and an invoice
 * on Lumo; Mikko's grid contract in force on Kallio.
 */
async function idsOf(page: Page, role: Role): Promise<Ids> {
  const none = { contract: '', offered: '', invoice: '', gridContract: '' };
  if (role === 'network-customer') {
    const contracts = await getFrom<{ id: string; type: string; status: string }[]>(page, '/api/contracts');
    return { ...none, gridContract: contracts.find((contract) => contract.type === 'GridContract' && contract.status === 'active')!.id };
  }
  if (role !== 'customer') return none;
  const contracts = await getFrom<{ id: string; status: string }[]>(page, '/api/contracts');
  const offers = await getFrom<{ contractId: string }[]>(page, '/api/me/contract-offers');
  const invoices = await getFrom<{ invoices: { id: string }[] }>(page, '/api/invoices');
  return {
    ...none,
    contract: contracts.find((contract) => contract.status === 'active')!.id,
    offered: offers[0]?.contractId ?? contracts[0]!.id,
    invoice: invoices.invoices[0]!.id,
  };
}

for (const role of ['stranger', 'customer', 'staff', 'admin', 'network-customer', 'network-staff'] as const) {
  test(`every page a ${role} opens passes axe-core, keeps its headings in order and names each form field once`, async ({ page }) => {
    test.setTimeout(360_000);
    await asRole(page, role);
    const ids = await idsOf(page, role);
    // The sign-out page is the customer's last: what it does ends the session.
    const patterns = Object.keys(VISITS)
      .filter((pattern) => VISITS[pattern]!.role === role)
      .sort((a, b) => Number(a === '/auth/signout') - Number(b === '/auth/signout'));
    for (const pattern of patterns) {
      for (const url of VISITS[pattern]!.urls(ids)) await expectCalmPage(page, url, siteOf(role));
    }
  });
}

test('the journeys above visit every page of the route manifest', () => {
  expect(PAGES.filter((pattern) => !(pattern in VISITS))).toEqual([]);
});
