import { expect, test } from './test.ts';
import { expectAccessible } from './accessibility.ts';
import { signInWithEid } from './sign-in.ts';
import { chooseLanguage, siteUrl } from './sites.ts';
import { dropConsentBanner } from './consent-banner.ts';

test('lumo: the site administrator writes an announcement, a customer sees it on the dashboard and dismisses it for good', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const title = 'Planned maintenance on Sunday';

  // The administrator writes a warning in English; the script in the text is dropped when it is saved.
  const adminContext = await browser.newContext();
  await chooseLanguage(adminContext, 'en-GB');
  const admin = await adminContext.newPage();
  const scripts: string[] = [];
  admin.on('dialog', (dialog) => {
    scripts.push(dialog.message());
    void dialog.dismiss();
  });
  await admin.goto(siteUrl('lumo', '/admin/announcements'));
  await signInWithEid(admin, 'en-GB', 'Jukka Mäkinen', 'OP');
  await expect(admin).toHaveURL(siteUrl('lumo', '/admin/announcements'));
  await expect(admin.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible();
  await dropConsentBanner(admin);
  await expectAccessible(admin);

  await admin.getByRole('button', { name: 'New announcement' }).click();
  const form = admin.getByRole('dialog', { name: 'New announcement' });
  // The segmented control's radios are visually hidden behind their labels, as Mantine draws them.
  await form.locator('label', { hasText: 'Warning' }).click();
  await expect(form.getByRole('radio', { name: 'Warning' })).toBeChecked();
  await form.getByRole('tab', { name: 'English' }).click();
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form
    .getByRole('textbox', { name: /^Text/ })
    .fill('<p>The portal is closed on <strong>Sunday</strong> from 02:00 to 04:00.</p><script>alert("x")</script>');
  await expectAccessible(admin);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  const row = admin.getByRole('table', { name: 'Announcements of the site' }).getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Showing now');
  await row.getByRole('button', { name: `Preview: ${title}` }).click();
  const preview = admin.getByRole('dialog', { name: 'Preview: as customers see it' });
  await expect(preview.getByRole('status')).toContainText(`Warning: ${title}`);
  await expect(preview.locator('strong', { hasText: 'Sunday' })).toBeVisible();
  await expectAccessible(admin);
  await admin.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  // A customer sees it on the dashboard, closes it with the keyboard, and it stays closed after a reload.
  const customerContext = await browser.newContext();
  await chooseLanguage(customerContext, 'en-GB');
  const customer = await customerContext.newPage();
  customer.on('dialog', (dialog) => {
    scripts.push(dialog.message());
    void dialog.dismiss();
  });
  await customer.goto(siteUrl('lumo', '/dashboard'));
  await signInWithEid(customer, 'en-GB', 'Aino Virtanen', 'Nordea');
  await expect(customer).toHaveURL(siteUrl('lumo', '/dashboard'));
  await expect(customer.getByRole('heading', { level: 1 })).toBeVisible();
  await dropConsentBanner(customer);
  const banners = customer.getByRole('region', { name: 'Announcements' });
  const banner = banners.getByRole('status').filter({ hasText: title });
  await expect(banner).toContainText('The portal is closed on Sunday from 02:00 to 04:00.');
  await expectAccessible(customer);
  const close = banner.getByRole('button', { name: `Dismiss announcement: ${title}` });
  await close.focus();
  await customer.keyboard.press('Enter');
  await expect(customer.getByText(title)).toHaveCount(0);
  await customer.reload();
  await expect(customer.getByRole('heading', { level: 1 })).toBeVisible();
  await customer.waitForLoadState('networkidle');
  await expect(customer.getByText(title)).toHaveCount(0);
  expect(scripts).toEqual([]);
  await customerContext.close();

  // The administrator takes it down again, so the journeys after this one see the site as seeded.
  await row.getByRole('button', { name: `Delete: ${title}` }).click();
  await admin.getByRole('dialog', { name: 'Delete' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(row).toHaveCount(0);
  await adminContext.close();
});
