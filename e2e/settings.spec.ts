import { unzipSync } from 'fflate';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from './test.ts';
import { expectAccessible, expectAccessibleInEveryLook } from './accessibility.ts';
import { journeyDataDir, siteUrl } from './sites.ts';
import { dropConsentBanner } from './consent-banner.ts';

/** The journey server's mail outbox (playwright.config.ts: DATA_DIR). */
const outbox = join(process.cwd(), journeyDataDir, 'outbox');

/** The confirmation link of the newest mail to `to`, once the job runner has written it, as the person would click it. */
async function mailedLink(to: string): Promise<string> {
  let link: string | undefined;
  await expect(async () => {
    const files = (await readdir(outbox).catch(() => [])).filter((file) => file.endsWith(`-${to}.eml`)).sort();
    const raw = files.length ? await readFile(join(outbox, files.at(-1)!), 'utf8') : '';
    // Quoted-printable: join soft line breaks and decode the '=' signs of the URL.
    link = /https?:\/\/\S+email-confirmation\?token=[\w-]+/.exec(raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))?.[0];
    expect(link).toBeTruthy();
  }).toPass({ timeout: 15_000 });
  return link!;
}

test('lumo: change phone, language and e-mail (by the mailed link) in the profile, add and remove a bank account', async ({
  page,
  signedIn,
}) => {
  test.setTimeout(120_000);
  await signedIn({ person: 'Aino Virtanen', method: 'OP', path: '/dashboard' });

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings/);
  await dropConsentBanner(page);
  await expect(page.getByRole('tab', { name: 'Profile', selected: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Aino Virtanen');
  await expectAccessible(page);

  const phone = page.getByRole('textbox', { name: 'Phone' });
  await phone.fill('050 765 4321');
  await page.getByRole('combobox', { name: 'Preferred language' }).click();
  await page.getByRole('option', { name: 'Svenska' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your details were saved.')).toBeVisible();
  await page.reload();
  await dropConsentBanner(page);
  await expect(page.getByRole('textbox', { name: 'Phone' })).toHaveValue('+358507654321');
  await expect(page.getByRole('combobox', { name: 'Preferred language' })).toHaveValue('Svenska');

  // A new e-mail address waits for the link mailed to it, then replaces the old one.
  const email = page.getByRole('textbox', { name: 'E-mail' });
  await email.fill('aino.new@example.fi');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('pending-email')).toContainText('aino.new@example.fi');
  await page.goto(await mailedLink('aino.new@example.fi'));
  await expect(page.getByText('Your e-mail address is now aino.new@example.fi.')).toBeVisible();
  await dropConsentBanner(page);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Back to settings' }).click();
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue('aino.new@example.fi');

  await page.getByRole('tab', { name: 'Bank accounts' }).click();
  await expect(page).toHaveURL(/tab=bank-accounts/);
  await page.getByRole('textbox', { name: 'IBAN' }).fill('FI21 1234 5600 0007 85');
  await page.getByRole('textbox', { name: 'Account owner' }).fill('Aino Virtanen');
  await page.getByRole('button', { name: 'Add account' }).click();
  const list = page.getByRole('list', { name: 'Your bank accounts' });
  await expect(list.getByText('FI21 1234 5600 0007 85')).toBeVisible();
  await expect(list.getByText('BIC: NDEAFIHH')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Remove account FI21 1234 5600 0007 85' }).click();
  await page.getByRole('dialog', { name: 'Remove bank account?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('No bank accounts yet.')).toBeVisible();
});

test('lumo: an unsent form comes back after a reload, and leaving it with unsaved changes asks first', async ({ page, signedIn }) => {
  test.setTimeout(120_000);
  await signedIn({ person: 'Mikko Korhonen', method: 'OP', path: '/settings?tab=bank-accounts' });

  // Spec §4: the draft is kept encrypted in session storage; a reload first meets the browser's own warning.
  await page.getByRole('textbox', { name: 'IBAN' }).fill('FI21 1234 5600 0007 85');
  await page.getByRole('textbox', { name: 'Account owner' }).fill('Mikko Korhonen');
  await expect
    .poll(() => page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('form-draft:bank-account:'))))
    .toHaveLength(1);
  const stored = await page.evaluate(() => JSON.stringify(Object.entries(sessionStorage)));
  expect(stored).not.toContain('FI21');
  const warned: string[] = [];
  page.on('dialog', (dialog) => {
    warned.push(dialog.type());
    void dialog.accept();
  });
  await page.reload();
  expect(warned).toEqual(['beforeunload']);
  await dropConsentBanner(page);
  const restore = page.getByRole('dialog', { name: 'Continue where you left off?' });
  await expect(restore).toBeVisible();
  await expectAccessible(page);
  await restore.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByRole('textbox', { name: 'IBAN' })).toHaveValue('FI21 1234 5600 0007 85');
  await expect(page.getByRole('textbox', { name: 'Account owner' })).toHaveValue('Mikko Korhonen');

  // Leaving for another page with the unsaved account: the portal's own warning; staying keeps the values.
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  const leave = page.getByRole('dialog', { name: 'Leave this page?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/settings\?tab=bank-accounts/);
  await expect(page.getByRole('textbox', { name: 'IBAN' })).toHaveValue('FI21 1234 5600 0007 85');
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await page.getByRole('dialog', { name: 'Leave this page?' }).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(siteUrl('lumo', '/dashboard'));
});

test('lumo: every settings tab passes axe-core in light and dark, on a desktop and on a phone', async ({ page, signedIn }) => {
  test.setTimeout(180_000);
  await signedIn({ person: 'Mikko Korhonen', method: 'OP', path: '/dashboard' });
  for (const tab of ['profile', 'contacts', 'addresses', 'bank-accounts', 'notifications', 'push-notifications', 'appearance']) {
    await page.goto(siteUrl('lumo', `/settings?tab=${tab}`));
    await dropConsentBanner(page);
    await expect(page.getByRole('tab', { selected: true })).toBeVisible();
    await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
    await expectAccessibleInEveryLook(page, `settings-${tab}`);
  }
});

// Jaan Tamm: no other journey reads his inbox, which the ready copy's notice lands in (the support journey counts Mikko's).
test('virmalise: a customer asks for a copy of everything about them, is told when it is ready, and downloads the ZIP', async ({
  page,
  signedIn,
}) => {
  test.setTimeout(180_000);
  await signedIn({ site: 'virmalise', person: 'Jaan Tamm', method: 'Smart-ID', path: '/settings?tab=my-data' });
  await page.getByRole('button', { name: 'Ask for a copy' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'We are making your copy.' })).toBeVisible();
  await expectAccessible(page);

  // The job runner makes it (two years of readings, every invoice as PDF); the page looks again every five seconds.
  const copies = page.getByRole('table', { name: 'Your copies' });
  await expect(copies.getByText(/^Ready until /)).toBeVisible({ timeout: 120_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), copies.getByRole('button', { name: 'Download ZIP' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const names = Object.keys(unzipSync(new Uint8Array(await readFile(await download.path()))));
  expect(names).toEqual(
    expect.arrayContaining(['README.txt', 'profile/person.json', 'contracts/contracts.json', 'invoices/invoices.json']),
  );
  expect(names.some((name) => /^invoices\/.+\.pdf$/.test(name))).toBe(true);
  expect(names.some((name) => /^energy\/readings\/.+_green-button\.xml$/.test(name))).toBe(true);

  await page.goto(siteUrl('virmalise', '/inbox'));
  await expect(page.getByText('Your copy of your data is ready').first()).toBeVisible();
});
