import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import { signInWithEid } from './sign-in.ts';
import { siteUrl } from './sites.ts';

const dropConsentBanner = (page: Page) => page.evaluate(() => document.querySelector('#cc-main')?.remove());

test('lumo: the feedback dialog asks once per renewed form, needs a rating, thanks in green and stays closed', async ({
  page,
  context,
}) => {
  await context.addCookies([{ name: 'NEXT_LOCALE', value: 'en-GB', url: siteUrl('lumo') }]);
  await page.goto(siteUrl('lumo', '/dashboard'));
  await signInWithEid(page, 'en-GB', 'Mikko Korhonen', 'Nordea', { survey: true });
  await expect(page).toHaveURL(siteUrl('lumo', '/dashboard'));
  await dropConsentBanner(page);

  const dialog = page.getByRole('dialog', { name: 'Feedback' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Send feedback' }).click();
  await expect(dialog.getByText('Choose a rating.')).toBeVisible();
  await dialog.getByRole('radio', { name: '5 – Very satisfied' }).check();
  await dialog.getByRole('textbox', { name: /What could we do better/ }).fill('The spot price chart is great.');
  await dialog.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.getByText('Thank you for your feedback!')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('dialog', { name: 'Feedback' })).toHaveCount(0);
});
