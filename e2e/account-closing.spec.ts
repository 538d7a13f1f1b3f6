import { expect, test } from './test.ts';
import { expectAccessible } from './accessibility.ts';
import { signInWithEid } from './sign-in.ts';
import { keepScreenshot } from './screenshots.ts';
import { chooseLanguage, siteUrl } from './sites.ts';

/**
 * Closing my account (decision 122): Eero Lahtinen, a former Lumo customer with nothing in force and nothing owed,
 * asks to be forgotten in Settings; customer service carry it out; Eero's e-ID no longer opens the account.
 */
test('a former customer asks to be forgotten and customer service carry it out', async ({ browser, signedInPage }) => {
  // Two people's sign-ins, a third sign-in after, and axe runs: past the default minute on a busy machine.
  test.setTimeout(180_000);
  const { context: eeroContext, page: eero } = await signedInPage({
    person: 'Eero Lahtinen',
    method: 'OP',
    path: '/settings?tab=my-data',
  });
  const section = eero.getByRole('region', { name: 'Close my account' });
  await expect(section).toContainText('Removed: your contacts, addresses, bank accounts');
  await expect(section).toContainText('for 6 years after the end of the financial year');
  await keepScreenshot(eero, 'close-my-account', { element: section });
  await expectAccessible(eero);
  await section.getByRole('button', { name: 'Ask to close my account' }).click();
  const dialog = eero.getByRole('dialog', { name: 'Close your account?' });
  await expect(dialog).toContainText('This cannot be undone.');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(section.getByTestId('erasure-request')).toContainText('You asked to close your account on');
  await expectAccessible(eero);
  await eeroContext.close();

  const { context: staffContext, page: staff } = await signedInPage({ person: 'Sanna Nieminen', method: 'OP', path: '/staff' });
  const queue = staff.getByRole('region', { name: 'Requests to close an account' });
  await expect(queue.getByTestId('erasure-requests')).toContainText('Eero Lahtinen (LUMO-100003)');
  await expectAccessible(staff);
  await queue.getByRole('button', { name: 'Carry out the request of Eero Lahtinen (LUMO-100003)' }).click();
  await staff
    .getByRole('dialog', { name: 'Close the account of Eero Lahtinen (LUMO-100003)?' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(staff.getByText('The account LUMO-100003 is closed.')).toBeVisible();
  await expect(queue).toContainText('No requests are waiting.');
  // Customer service no longer find him by his name.
  const search = staff.getByRole('search', { name: 'Customer search' });
  await search.getByRole('searchbox', { name: 'Find a customer' }).fill('Eero Lahtinen');
  await search.getByRole('searchbox', { name: 'Find a customer' }).press('Enter');
  await expect(staff.getByText('LUMO-100003')).toHaveCount(0);
  await staffContext.close();

  // His e-ID signs in a person who may act for no customer: the account is gone for him.
  const again = await browser.newContext();
  await chooseLanguage(again, 'en-GB');
  const page = await again.newPage();
  await page.goto(siteUrl('lumo', '/auth/signin'));
  await signInWithEid(page, 'en-GB', 'Eero Lahtinen', 'OP');
  await expect(page).toHaveURL(new RegExp(`^${siteUrl('lumo')}`));
  expect(await page.evaluate(async () => (await fetch('/api/me/erasure-request')).status)).toBe(403);
  await again.close();
});
