import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { expectAccessible } from './accessibility.ts';
import { siteUrl } from './sites.ts';
import { dropConsentBanner } from './consent-banner.ts';
import { text as uiText } from './texts.ts';
import { keepScreenshot } from './screenshots.ts';

/** "Now (28.11.2026 10:15)" read on the dashboard's spot-price card, as the instant it names in `timezone`. */
function spotNow(text: string): { day: string; time: string } {
  const match = /\((\d\d)\.(\d\d)\.(\d{4}) (\d\d:\d\d)\)/.exec(text);
  if (!match) throw new Error(`no time in "${text}"`);
  return { day: `${match[3]}-${match[2]}-${match[1]}`, time: match[4]! };
}

/** The same wall-clock reading moved from one zone to another (whole-hour offsets, as Helsinki and London have). */
function inZone(reading: { day: string; time: string }, from: string, to: string, minutesLater = 0): string {
  const naive = new Date(Date.parse(`${reading.day}T${reading.time}:00Z`) + minutesLater * 60_000);
  const offset = (zone: string) => {
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(naive)
      .reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {});
    return Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!) - naive.getTime();
  };
  const instant = new Date(naive.getTime() - offset(from));
  const shown = new Intl.DateTimeFormat('en-GB', {
    timeZone: to,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  })
    .formatToParts(instant)
    .reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {});
  return `${shown.day}.${shown.month}.${shown.year} ${shown.hour}:${shown.minute}`;
}

/** Lumo as the demo seeds it: Helsinki time, no reworded text (same-origin calls from the admin's page pass CSRF). */
async function restoreSite(admin: Page): Promise<number[]> {
  return admin.evaluate(async () => {
    const json = { 'content-type': 'application/json' };
    const zone = await fetch('/api/admin/site/lumo', {
      method: 'PATCH',
      headers: json,
      body: JSON.stringify({ timezone: 'Europe/Helsinki' }),
    });
    const texts = await fetch('/api/admin/site/lumo/translations?locale=en-GB', {
      method: 'PATCH',
      headers: json,
      body: JSON.stringify({ translations: { 'dashboard.spot.now': null } }),
    });
    return [zone.status, texts.status];
  });
}

test('lumo: the site administrator changes the timezone and a text; the customer sees both on the dashboard; admin pages axe-clean light and dark', async ({
  signedInPage,
}) => {
  test.setTimeout(120_000);
  // The administrator signs in straight into the admin area: no customer dashboard, no NO_CUSTOMER refusal.
  const { context: adminContext, page: admin } = await signedInPage({ person: 'Jukka Mäkinen', method: 'OP', path: '/admin' });
  await expect(admin.getByRole('heading', { level: 1, name: 'Site settings' })).toBeVisible();
  const navigation = admin.getByRole('navigation', { name: 'Administration' });
  await expect(navigation.getByRole('link')).toHaveText(['Site', 'Translations', 'Announcements', 'Feedback', 'Audit log']);

  // A retry starts from the seeded site too: a failed first attempt may have left London and the new wording.
  expect(await restoreSite(admin)).toEqual([200, 200]);
  await admin.reload();
  await expect(admin.getByRole('heading', { level: 1, name: 'Site settings' })).toBeVisible();

  // The customer: the spot-price card's "now" in Helsinki time.
  const { context: customerContext, page: customer } = await signedInPage({
    person: 'Mikko Korhonen',
    method: 'Nordea',
    path: '/dashboard',
  });
  const nowLine = customer.getByText(/^Now \(\d\d\.\d\d\.\d{4} \d\d:\d\d\)$/);
  await expect(nowLine).toBeVisible({ timeout: 30_000 });
  const before = spotNow((await nowLine.textContent())!);

  // Timezone: typed into the searchable list, chosen with the keyboard, saved.
  const timezone = admin.getByRole('region', { name: 'Time zone' });
  const zoneInput = timezone.getByLabel('Time zone', { exact: true });
  await zoneInput.click();
  // Part of the name: the list shows every zone while the text equals the chosen one's (a retry finds London chosen).
  await zoneInput.fill('Europe/Lond');
  await admin.keyboard.press('ArrowDown');
  await admin.keyboard.press('Enter');
  await expect(zoneInput).toHaveValue('Europe/London');
  await timezone.getByRole('button', { name: 'Save' }).click();
  const saved = admin.getByText('Saved. Customers see the change on their next page load.');
  await expect(saved).toBeVisible();
  await expect(admin.getByText(/NO_CUSTOMER/)).toHaveCount(0);
  // It closes on its own after 4 s; axe judges a fading notification's text against what shows through it.
  await expect(saved).toHaveCount(0, { timeout: 15_000 });
  await expect(admin.getByRole('region', { name: 'Theme' }).getByRole('radio')).toHaveCount(13);
  await expectAccessible(admin);
  await keepScreenshot(admin, 'admin-site-light');

  // A text of the customer's dashboard, reworded with the keyboard in the translation editor.
  await navigation.getByRole('link', { name: 'Translations' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Translations' })).toBeVisible();
  await admin.getByRole('combobox', { name: 'Language' }).click();
  await admin.getByRole('option', { name: 'English' }).click();
  await admin.getByRole('textbox', { name: 'Search by key or text' }).fill('dashboard.spot.now');
  await admin.getByRole('button', { name: 'Edit dashboard.spot.now' }).click();
  const editor = admin.getByRole('dialog', { name: 'Edit text' });
  const text = editor.getByRole('textbox', { name: "Site's text" });
  await text.fill('Price right now ({time');
  await expect(editor.getByText(/not a valid ICU message/)).toBeVisible();
  await text.fill('Price right now ({time})');
  await expect(editor.getByTestId('translation-preview')).toHaveText('Price right now (‹time›)');
  await expectAccessible(admin);
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toHaveCount(0);

  // On a dark device the admin pages stay axe-clean.
  await admin.emulateMedia({ colorScheme: 'dark' });
  for (const path of ['/admin', '/admin/translations', '/admin/audit']) {
    await admin.goto(siteUrl('lumo', path));
    await expect(admin.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(admin.getByRole('heading', { level: 1 })).toBeVisible();
    await dropConsentBanner(admin);
    await expectAccessible(admin);
  }
  await keepScreenshot(admin, 'admin-audit-dark');
  // The audit log holds both changes with the values before and after.
  const log = admin.getByRole('table', { name: 'Audit log' });
  // Each line says what the person did in the reader's language, not the code's wording (issue 27).
  const line = (event: string) =>
    log
      .getByRole('row')
      .filter({ hasText: uiText('en-GB', `admin.audit.event.${event}`) })
      .first();
  await expect(line('site-updated')).toContainText('Europe/Helsinki');
  await expect(line('site-translations-changed')).toContainText('Price right now ({time})');
  await expect(log).not.toContainText('site updated');

  // The customer's next page load: the new wording, and the time in London.
  await customer.reload();
  const reworded = customer.getByText(/^Price right now \(\d\d\.\d\d\.\d{4} \d\d:\d\d\)$/);
  await expect(reworded).toBeVisible({ timeout: 30_000 });
  const shown = /\((.*)\)/.exec((await reworded.textContent())!)![1];
  // The same quarter-hour two hours earlier on London's clock, or the next one if a quarter passed meanwhile.
  expect([0, 15].map((minutes) => inZone(before, 'Europe/Helsinki', 'Europe/London', minutes))).toContain(shown);

  // Back as it was, for the journeys after this one.
  expect(await restoreSite(admin)).toEqual([200, 200]);
  await customerContext.close();
  await adminContext.close();
});
