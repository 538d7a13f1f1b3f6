import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { addDays, todayIn } from '../packages/schema/src/calendar-dates.ts';
import { expect, test } from './test.ts';
import { expectAccessibleInEveryLook } from './accessibility.ts';
import { journeyDataDir, siteUrl } from './sites.ts';
import { text } from './texts.ts';

const FI = 'fi-FI';
/** The journey server's mail outbox (playwright.config.ts: DATA_DIR). */
const outbox = join(process.cwd(), journeyDataDir, 'outbox');

/** A mail's text as a reader sees it: quoted-printable soft breaks joined and its bytes decoded as UTF-8. */
const readable = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** Every mail to `to` so far, readable. */
async function mailsTo(to: string): Promise<string[]> {
  const files = (await readdir(outbox).catch(() => [])).filter((file) => file.endsWith(`-${to}.eml`)).sort();
  return Promise.all(files.map(async (file) => readable(await readFile(join(outbox, file), 'utf8'))));
}

test("kallio: customer service publish a planned outage for Aino's area, she is told ahead and sees it first (decision 126)", async ({
  page,
  signedIn,
  signedInPage,
}) => {
  test.setTimeout(300_000);
  // Told apart from what an earlier attempt of this journey published (a retry finds that outage still there).
  const area = `Espoo, Kuusikallio ${Date.now()}`;
  const { context: staffContext, page: staff } = await signedInPage({
    site: 'kallio',
    locale: FI,
    person: 'Tiina Salonen',
    method: 'OP',
    path: '/staff',
  });
  await staff.getByRole('link', { name: text(FI, 'outages.staff.link') }).click();
  await expect(staff).toHaveURL(siteUrl('kallio', '/staff/outages'));
  const form = staff.getByRole('region', { name: text(FI, 'outages.staff.form.new') });

  // Sent without an area, the form says what is missing and publishes nothing.
  await form.getByRole('button', { name: text(FI, 'outages.staff.form.publish') }).click();
  await expect(form.getByText(text(FI, 'outages.staff.form.error.area'))).toBeVisible();

  await form.getByRole('textbox', { name: text(FI, 'outages.staff.form.grid-area') }).fill(area);
  await form.getByRole('textbox', { name: text(FI, 'outages.staff.form.postal-codes') }).fill('02210');
  await form.getByRole('textbox', { name: text(FI, 'outages.staff.form.description') }).fill('Muuntamon huolto');
  // The window the form proposes: two days ahead, 09:00–12:00 on Kallio's clock.
  await form.getByRole('button', { name: text(FI, 'outages.staff.form.publish') }).click();
  await expect(staff.getByText(text(FI, 'outages.staff.form.published'))).toBeVisible();

  const [year, month, day] = addDays(todayIn('Europe/Helsinki'), 2).split('-');
  const start = `${day}.${month}.${year} 09:00`;
  const published = staff.getByRole('article', { name: area });
  await expect(published).toContainText(`${start} – ${day}.${month}.${year} 12:00`);
  await expect(published.getByText(text(FI, 'outages.status.planned'), { exact: true })).toBeVisible();
  await expectAccessibleInEveryLook(staff, 'staff-outages', { ready: () => expect(published).toBeVisible() });
  await staffContext.close();

  // Aino's outage contact at Kallio (e-mail, at any hour) has the notice ahead, in Finnish, with the window.
  await expect(async () => {
    const notices = (await mailsTo('aino.virtanen@example.fi')).filter(
      (mail) => mail.includes('From: Kallio Verkot Oy') && mail.includes(`suunniteltu sähkökatko ${start}`),
    );
    expect(notices.length).toBeGreaterThan(0);
  }).toPass({ timeout: 30_000 });

  // On her outages page it is hers: her house named, before the fault elsewhere in Kallio's grid.
  await signedIn({ site: 'kallio', locale: FI, person: 'Aino Virtanen', method: 'OP', path: '/outages' });
  const mine = page.getByRole('article', { name: text(FI, 'outages.grid-area').replace('{area}', area) });
  await expect(mine.getByText(text(FI, 'outages.mine'))).toBeVisible();
  await expect(mine).toContainText('Kuusikallionkuja 7');
  await expect(mine).toContainText('Muuntamon huolto');
  await expect(mine).toContainText('02210');
});
