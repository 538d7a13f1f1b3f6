import { readFile } from 'node:fs/promises';
import { addDays, todayIn } from '../packages/schema/src/calendar-dates.ts';
import { expect, test } from './test.ts';
import { expectAccessibleInEveryLook } from './accessibility.ts';
import { siteUrl } from './sites.ts';
import { text } from './texts.ts';

const FI = 'fi-FI';
/** A real 1×1 PNG: the server judges a file by its first bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('kallio: Mikko reports the solar panels of his summer cottage, customer service approve it, and he reads the answer (decision 124)', async ({
  page,
  signedIn,
  signedInPage,
}) => {
  // Two people, two pages checked in light and dark at two widths.
  test.setTimeout(300_000);
  await signedIn({ site: 'kallio', locale: FI, person: 'Mikko Korhonen', method: 'OP', path: '/connection-requests' });
  const form = page.getByRole('region', { name: text(FI, 'connections.form.title') });
  await expect(
    form.getByRole('radio', { name: new RegExp(text(FI, 'connections.kind.MICROGENERATION').replace(/[()]/g, '.')) }),
  ).toBeChecked();

  // Sent empty, the form says what is missing and sends nothing.
  await form.getByRole('button', { name: text(FI, 'connections.form.send') }).click();
  await expect(form.getByText(text(FI, 'connections.form.error.installer'))).toBeVisible();

  await form.getByRole('combobox', { name: text(FI, 'connections.form.place') }).click();
  await page.getByRole('option', { name: /Mökkitie 3/ }).click();
  await form.getByRole('textbox', { name: text(FI, 'connections.form.inverter') }).fill('6,5');
  // Told apart from what an earlier attempt of this journey sent (a retry finds that request still there).
  const installer = `Aurinkoasennus Oy ${Date.now()}`;
  await form.getByRole('textbox', { name: text(FI, 'connections.form.installer') }).fill(installer);
  const [year, month, day] = addDays(todayIn('Europe/Helsinki'), -2).split('-');
  await form.getByRole('textbox', { name: text(FI, 'connections.form.installation-date') }).fill(`${Number(day)}.${Number(month)}.${year}`);
  await form.getByRole('textbox', { name: text(FI, 'connections.form.installation-date') }).press('Tab');
  await form.locator('input[type="file"]').setInputFiles({ name: 'paneelit.png', mimeType: 'image/png', buffer: PNG });
  await form.getByRole('button', { name: text(FI, 'connections.form.send') }).click();
  await expect(page.getByText(text(FI, 'connections.form.sent'))).toBeVisible();

  const mine = page.getByRole('article', { name: text(FI, 'connections.kind.MICROGENERATION') }).filter({ hasText: installer });
  await expect(mine.getByText(text(FI, 'connections.status.received'), { exact: true })).toBeVisible();
  await expect(mine).toContainText('6,5 kW');
  // The photo comes back as it was sent, as a download.
  const downloading = page.waitForEvent('download');
  await mine.getByRole('link', { name: /paneelit\.png/ }).click();
  expect((await readFile(await (await downloading).path())).equals(PNG)).toBe(true);
  await expectAccessibleInEveryLook(page, 'connection-requests', { ready: () => expect(mine).toBeVisible() });

  // Customer service of Kallio find it in their queue, with whose it is, and approve it with a word to him.
  const { context: staffContext, page: staff } = await signedInPage({
    site: 'kallio',
    locale: FI,
    person: 'Tiina Salonen',
    method: 'OP',
    path: '/staff',
  });
  await staff.getByRole('link', { name: text(FI, 'connections.queue.link') }).click();
  await expect(staff).toHaveURL(siteUrl('kallio', '/staff/connection-requests'));
  const queued = staff.getByRole('article', { name: text(FI, 'connections.kind.MICROGENERATION') }).filter({ hasText: installer });
  await expect(queued).toContainText('Mikko Korhonen (KV-400102)');
  await expect(queued.getByRole('link', { name: /paneelit\.png/ })).toBeVisible();
  await expectAccessibleInEveryLook(staff, 'staff-connection-requests', { ready: () => expect(queued).toBeVisible() });
  await queued.getByRole('combobox', { name: text(FI, 'connections.queue.action') }).click();
  await staff.getByRole('option', { name: text(FI, 'connections.action.approve') }).click();
  await queued
    .getByRole('textbox', { name: text(FI, 'connections.queue.message') })
    .fill('Tuotannon mittaus otetaan käyttöön viikon kuluessa.');
  await queued.getByRole('button', { name: text(FI, 'connections.queue.save') }).click();
  await expect(queued.getByText(text(FI, 'connections.status.approved'), { exact: true })).toBeVisible();
  await staffContext.close();

  // Mikko sees the decision and the message; a decided request can no longer be withdrawn.
  await page.goto(siteUrl('kallio', '/connection-requests'));
  const decided = page.getByRole('article', { name: text(FI, 'connections.kind.MICROGENERATION') }).filter({ hasText: installer });
  await expect(decided.getByText(text(FI, 'connections.status.approved'), { exact: true })).toBeVisible();
  await expect(decided.getByText('Tuotannon mittaus otetaan käyttöön viikon kuluessa.')).toBeVisible();
  await expect(decided.getByRole('button', { name: text(FI, 'connections.withdraw.button') })).toHaveCount(0);
});
