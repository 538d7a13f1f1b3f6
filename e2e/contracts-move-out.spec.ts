import { expect, test } from './test.ts';
import { addDays, formatDay, todayIn } from '../packages/schema/src/calendar-dates.ts';
import { expectAccessible, expectAccessibleInEveryLook } from './accessibility.ts';
import { collectCspViolations } from './browser-console.ts';
import { siteUrl } from './sites.ts';
import { dropConsentBanner } from './consent-banner.ts';

/** A day `days` from today on Lumo's clock (Europe/Helsinki), as the portal writes it: DD.MM.YYYY. */
const helsinkiDay = (days: number) => formatDay(addDays(todayIn('Europe/Helsinki'), days));

test('lumo: a customer reports moving out of his cottage, keeps his typing over a reload and reads the confirmation', async ({
  page,
  signedIn,
}) => {
  const cspViolations = collectCspViolations(page);
  const movingDay = helsinkiDay(10);
  // The form is checked on a dark device, the confirmation below in every look.
  await page.emulateMedia({ colorScheme: 'dark' });
  await signedIn({ person: 'Mikko Korhonen', method: 'OP', path: '/contracts' });

  const cottage = page.getByRole('list', { name: 'Contract list' }).getByRole('article', { name: 'Lumo Yösähkö' });
  await expect(cottage.getByText('Mökkitie 3, 41800 Korpilahti')).toBeVisible();
  await cottage.getByRole('link', { name: 'Move out, contract LE-2024-100843' }).click();
  await expect(page).toHaveURL(/\/contracts\/[^/]+\/move-out$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Moving out' })).toBeVisible();
  await expectAccessible(page);

  // Everything by keyboard: the day typed as DD.MM.YYYY, then the new address.
  await page.getByRole('textbox', { name: /Last day of the contract/ }).fill(movingDay);
  await page.keyboard.press('Escape');
  await page.getByRole('textbox', { name: 'Street address' }).fill('Mannerheimintie 12 A 5');
  await page.getByRole('textbox', { name: 'Postal code' }).fill('00100');
  await expect(page.getByText(/You can give a reading here only once that day has come/)).toBeVisible();

  // Leaving with unsaved changes asks first; staying keeps the form.
  await page.getByRole('link', { name: 'Cancel' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave this page?' });
  await expect(leave).toBeVisible();
  await expectAccessible(page);
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/move-out$/);

  // A reload offers the encrypted draft back.
  await page.waitForFunction(() => Object.keys(sessionStorage).some((key) => key.startsWith('form-draft:move-out:')));
  await page.reload();
  await dropConsentBanner(page);
  const draft = page.getByRole('dialog', { name: 'Continue where you left off?' });
  await expect(draft).toBeVisible();
  await draft.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByRole('textbox', { name: 'Street address' })).toHaveValue('Mannerheimintie 12 A 5');
  await expect(page.getByRole('textbox', { name: /Last day of the contract/ })).toHaveValue(movingDay);

  await page.getByRole('textbox', { name: 'City' }).fill('Helsinki');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Report move-out' }).click();

  await expect(page).toHaveURL(/\/contracts\/[^/]+\/move-out\/confirmation$/);
  await expect(page.getByText(`The contract ends on ${movingDay}.`)).toBeVisible();
  const summary = page.getByRole('table', { name: 'What you reported' });
  await expect(summary.getByRole('row', { name: /Address for the final invoice/ })).toContainText(
    'Mannerheimintie 12 A 5, 00100 Helsinki, Finland',
  );
  await expect(summary.getByRole('row', { name: /Meter reading/ })).toContainText('Read by the grid operator');
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('form-draft:move-out:')))).toEqual([]);

  await expectAccessibleInEveryLook(page, 'move-out-confirmation', { ready: () => expect(summary).toBeVisible() });

  // Back on the list the contract is ending on the moving day, and offers no second move-out.
  await page.getByRole('link', { name: 'Back to contracts' }).click();
  await expect(page).toHaveURL(siteUrl('lumo', '/contracts'));
  await dropConsentBanner(page);
  await expect(cottage.getByText('Ending')).toBeVisible();
  await expect(cottage.getByText(`Moving out on ${movingDay}`)).toBeVisible();
  await expect(cottage.getByRole('link', { name: /Move out/ })).toHaveCount(0);
  expect(cspViolations).toEqual([]);
});
