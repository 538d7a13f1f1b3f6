import { expect, test } from './test.ts';
import { expectAccessible } from './accessibility.ts';
import { signInWithEid } from './sign-in.ts';
import { chooseLanguage, siteUrl } from './sites.ts';
import { dropConsentBanner } from './consent-banner.ts';

test('lumo: the feedback dialog asks once per renewed form, needs a rating, thanks in green, stays closed until an admin renews it', async ({
  page,
  context,
  signedInPage,
}) => {
  // Two people sign in, the customer twice through the dashboard.
  test.setTimeout(120_000);
  await chooseLanguage(context, 'en-GB');
  // A returning customer: this browser first came on an earlier day (the survey never asks on a first visit).
  await context.addInitScript(() => localStorage.setItem('portal.feedback.first-visit', '2026-01-05'));
  await page.goto(siteUrl('lumo', '/dashboard'));
  await signInWithEid(page, 'en-GB', 'Mikko Korhonen', 'Nordea', { survey: true });
  await expect(page).toHaveURL(siteUrl('lumo', '/dashboard'));
  const dialog = page.getByRole('dialog', { name: 'Feedback' });
  // Not together with the consent banner, and not on the page the customer opened: once they go on.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(dialog).toHaveCount(0);
  await dropConsentBanner(page);
  await page.getByRole('link', { name: 'Invoices' }).first().click();
  await expect(page).toHaveURL(siteUrl('lumo', '/invoices'));

  // The dialog waits for the dashboard's first load and its own code; the first page after the server's start is slow.
  await expect(dialog).toBeVisible({ timeout: 30_000 });
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

  // A site administrator renews the form: everybody is asked again, also those who answered.
  // The admin area (/admin) links here too; the page's own address is enough for this journey.
  const { context: adminContext, page: admin } = await signedInPage({
    person: 'Jukka Mäkinen',
    method: 'OP',
    path: '/admin/feedback',
  });
  const active = admin.getByRole('table', { name: 'Feedback forms' }).getByRole('row').filter({ hasText: 'Active' });
  await expect(active).toContainText('1');
  await expect(admin.getByRole('img', { name: /Answers per rating: .*Rating 5: 1/ })).toBeVisible();
  await active.getByRole('button', { name: 'Renew' }).click();
  await admin.getByRole('dialog', { name: 'Renew' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(admin.getByRole('dialog', { name: 'Renew' })).toHaveCount(0);
  await adminContext.close();

  await page.reload();
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Feedback' })).toBeVisible({ timeout: 30_000 });
});
