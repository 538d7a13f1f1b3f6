import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import { signInWithEid } from './sign-in.ts';
import { siteUrl } from './sites.ts';

const dropConsentBanner = (page: Page) => page.evaluate(() => document.querySelector('#cc-main')?.remove());

test('lumo: a customer sends a contact request, customer service answers, the customer reads it in the inbox and closes it', async ({
  page,
  context,
  browser,
}) => {
  // The customer asks.
  await context.addCookies([{ name: 'NEXT_LOCALE', value: 'en-GB', url: siteUrl('lumo') }]);
  await page.goto(siteUrl('lumo', '/support'));
  await signInWithEid(page, 'en-GB', 'Mikko Korhonen', 'Nordea');
  await expect(page).toHaveURL(siteUrl('lumo', '/support'));
  await dropConsentBanner(page);
  const form = page.getByRole('region', { name: 'Contact customer service' });
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByText('Choose a subject.')).toBeVisible();
  await form.getByRole('combobox', { name: /Subject/ }).click();
  await page.getByRole('option', { name: 'Meter reading' }).click();
  await form.getByRole('textbox', { name: /Message/ }).fill('My meter shows 41 250 kWh but the invoice says 41 520 kWh.');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Thank you! Your message has been sent to customer service.')).toBeVisible();
  const ticket = page.getByRole('article', { name: 'Meter reading' });
  await expect(ticket.getByText('Open', { exact: true })).toBeVisible();
  await expectAccessible(page);

  // Customer service answers from the queue.
  const staffContext = await browser.newContext();
  await staffContext.addCookies([{ name: 'NEXT_LOCALE', value: 'en-GB', url: siteUrl('lumo') }]);
  const staff = await staffContext.newPage();
  await staff.goto(siteUrl('lumo', '/workspace'));
  await signInWithEid(staff, 'en-GB', 'Sanna Nieminen', 'OP');
  await expect(staff).toHaveURL(siteUrl('lumo', '/workspace'));
  await dropConsentBanner(staff);
  await staff.getByRole('link', { name: 'Queue of support requests' }).click();
  await expect(staff).toHaveURL(siteUrl('lumo', '/workspace/tickets'));
  const queued = staff.getByRole('article', { name: /Meter reading · Mikko Korhonen \(LUMO-100002\)/ });
  await expect(queued).toBeVisible();
  await expectAccessible(staff);
  await queued
    .getByRole('textbox', { name: 'Reply to the customer' })
    .fill('Thank you, Mikko.\n\nWe corrected the reading: <script>alert(1)</script>');
  await queued.getByRole('button', { name: 'Send reply' }).click();
  await expect(queued.getByText('In progress')).toBeVisible();
  await staffContext.close();

  // The customer reads the reply in the inbox and closes the request.
  await page.reload();
  await dropConsentBanner(page);
  await page.getByRole('link', { name: 'Inbox, unread messages: 1' }).click();
  await expect(page).toHaveURL(siteUrl('lumo', '/inbox'));
  const message = page.getByTestId('inbox-message').filter({ hasText: 'Reply to your contact request' }).first();
  await message.getByRole('button', { name: /Reply to your contact request/ }).click();
  await expect(message.getByText('We corrected the reading: <script>alert(1)</script>')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Inbox', exact: true })).toBeVisible();
  await expectAccessible(page);

  await message.getByRole('link', { name: 'Show the request on the customer service page' }).click();
  await expect(page).toHaveURL(siteUrl('lumo', '/support'));
  const answered = page.getByRole('article', { name: 'Meter reading' });
  await expect(answered.getByText('Thank you, Mikko.', { exact: false })).toBeVisible();
  await answered.getByRole('button', { name: 'Close as resolved' }).click();
  await expect(answered.getByText('Resolved')).toBeVisible();
  await expect(answered.getByRole('button', { name: 'Close as resolved' })).toHaveCount(0);
  await expectAccessible(page);
});
