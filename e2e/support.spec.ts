import { readFile } from 'node:fs/promises';
import { expect, test } from './test.ts';
import { expectAccessible, expectAccessibleInEveryLook } from './accessibility.ts';
import { siteUrl } from './sites.ts';
import { dropConsentBanner } from './consent-banner.ts';

/** A real 1×1 PNG: the server judges a file by its first bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('lumo: a customer sends a contact request with a photo, customer service answers, the customer reads it in the inbox and closes it', async ({
  page,
  signedIn,
  signedInPage,
}) => {
  // Two people, and three pages checked in light and dark at two widths.
  test.setTimeout(360_000);
  // The customer asks, choosing the subject through its topic (advanced support on Lumo), with a photo attached.
  await signedIn({ person: 'Mikko Korhonen', method: 'Nordea', path: '/support' });
  const form = page.getByRole('region', { name: 'Contact customer service' });
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByText('Choose a subject.')).toBeVisible();
  await form.getByRole('combobox', { name: 'Topic' }).click();
  await page.getByRole('option', { name: 'Meter and consumption' }).click();
  await form.getByRole('combobox', { name: /Subject/ }).click();
  await page.getByRole('option', { name: 'Meter reading' }).click();
  // Told apart from what an earlier attempt of this journey sent (a retry finds that request still there).
  const question = `My meter shows 41 250 kWh but the invoice says 41 520 kWh (${Date.now()}).`;
  await form.getByRole('textbox', { name: /Message/ }).fill(question);
  await form.locator('input[type="file"]').setInputFiles({ name: 'meter.png', mimeType: 'image/png', buffer: PNG });
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Thank you! Your message has been sent to customer service.')).toBeVisible();
  const ticket = page.getByRole('article', { name: 'Meter reading' }).filter({ hasText: question });
  await expect(ticket.getByText('Open', { exact: true })).toBeVisible();

  // The photo comes back as it was sent, as a download.
  const downloading = page.waitForEvent('download');
  await ticket.getByRole('link', { name: /meter\.png/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('meter.png');
  expect((await readFile(await download.path())).equals(PNG)).toBe(true);
  await expectAccessibleInEveryLook(page, 'support', {
    ready: () => expect(ticket.getByRole('link', { name: /meter\.png/ })).toBeVisible(),
  });

  // Customer service answers from the queue, and sees the photo too.
  const { context: staffContext, page: staff } = await signedInPage({ person: 'Sanna Nieminen', method: 'OP', path: '/staff' });
  await staff.getByRole('link', { name: 'Queue of support requests' }).click();
  await expect(staff).toHaveURL(siteUrl('lumo', '/staff/tickets'));
  const queued = staff.getByRole('article', { name: /Meter reading · Mikko Korhonen \(LUMO-100002\)/ }).filter({ hasText: question });
  await expect(queued.getByRole('link', { name: /meter\.png/ })).toBeVisible();
  await expectAccessibleInEveryLook(staff, 'staff-tickets', { ready: () => expect(queued).toBeVisible() });
  await queued
    .getByRole('textbox', { name: 'Reply to the customer' })
    .fill('Thank you, Mikko.\n\nWe corrected the reading: <script>alert(1)</script>');
  await queued.getByRole('button', { name: 'Send reply' }).click();
  await expect(queued.getByText('In progress')).toBeVisible();
  await staffContext.close();

  // The customer reads the reply in the inbox and closes the request.
  await page.goto(siteUrl('lumo', '/support'));
  await dropConsentBanner(page);
  await page.getByRole('link', { name: 'Inbox, unread messages: 1' }).click();
  await expect(page).toHaveURL(siteUrl('lumo', '/inbox'));
  const message = page.getByTestId('inbox-message').filter({ hasText: 'Reply to your contact request' }).first();
  await message.getByRole('button', { name: /Reply to your contact request/ }).click();
  await expect(message.getByText('We corrected the reading: <script>alert(1)</script>')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Inbox', exact: true })).toBeVisible();
  await expectAccessibleInEveryLook(page, 'inbox', { ready: () => expect(message.getByText(/We corrected the reading/)).toBeVisible() });

  await message.getByRole('link', { name: 'Show the request on the customer service page' }).click();
  await expect(page).toHaveURL(siteUrl('lumo', '/support'));
  const answered = page.getByRole('article', { name: 'Meter reading' }).filter({ hasText: question });
  await expect(answered.getByText('Thank you, Mikko.', { exact: false })).toBeVisible();
  await answered.getByRole('button', { name: 'Close as resolved' }).click();
  await expect(answered.getByText('Resolved')).toBeVisible();
  await expect(answered.getByRole('button', { name: 'Close as resolved' })).toHaveCount(0);

  // Advanced support: the customer rates how the request was handled.
  await answered.getByRole('radio', { name: '5 – Very well' }).check();
  await answered.getByRole('button', { name: 'Send rating' }).click();
  await expect(answered.getByText('You rated the handling 5/5. Thank you!')).toBeVisible();
  await expectAccessible(page);
});
