import { devices, type BrowserContext } from '@playwright/test';
import { expect, test } from './test.ts';
import { expectAccessibleInEveryLook } from './accessibility.ts';
import { signInWithEid } from './sign-in.ts';
import { chooseLanguage, siteUrl } from './sites.ts';
import { dropConsentBanner } from './consent-banner.ts';

async function englishContext(context: BrowserContext) {
  await chooseLanguage(context, 'en-GB');
}

test('customer service find a customer by a misspelt name and act for them; the customer sees it in who looked at their data', async ({
  signedInPage,
}) => {
  // Two people's sign-ins and six axe runs with full-page screenshots: past the default minute on a busy machine.
  test.setTimeout(180_000);
  const { context: staffContext, page: staff } = await signedInPage({ person: 'Sanna Nieminen', method: 'OP', path: '/staff' });

  const search = staff.getByRole('search', { name: 'Customer search' });
  await search.getByRole('searchbox', { name: 'Find a customer' }).fill('aino virtnen');
  await search.getByRole('searchbox', { name: 'Find a customer' }).press('Enter');
  const results = staff.getByRole('list', { name: 'Customers found' });
  await results
    .getByRole('button', { name: /Aino Virtanen/ })
    .first()
    .click();
  const card = staff.getByTestId('customer-card');
  await expect(card.getByRole('heading', { name: 'Aino Virtanen' })).toBeVisible();
  await expect(card).toContainText('Client code LUMO-100001');
  await expectAccessibleInEveryLook(staff, 'staff-search', { viewports: ['desktop'], ready: () => expect(card).toBeVisible() });

  // Acting: the customer's own pages, with the banner saying for whom on every page.
  await card.getByRole('button', { name: 'Act for Aino Virtanen' }).click();
  await expect(staff).toHaveURL(siteUrl('lumo', '/dashboard'));
  const banner = staff.getByRole('region', { name: 'Acting for a customer' });
  await expect(banner).toContainText('You are acting for Aino Virtanen (LUMO-100001)');
  await staff.getByRole('banner').getByRole('link', { name: 'Invoices' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  await expect(banner).toBeVisible();
  await expectAccessibleInEveryLook(staff, 'staff-acting-invoices', { viewports: ['desktop'], ready: () => expect(banner).toBeVisible() });
  await banner.getByRole('button', { name: 'End acting' }).click();
  await expect(staff).toHaveURL(siteUrl('lumo', '/staff'));
  await expect(banner).toHaveCount(0);
  await expect(staff.getByRole('region', { name: 'Recent customers' }).getByRole('button', { name: 'Aino Virtanen' })).toBeVisible();
  await staffContext.close();

  // The customer sees when customer service opened her data, and what, without the staff member's name.
  const { context: customerContext, page: customer } = await signedInPage({
    person: 'Aino Virtanen',
    method: 'OP',
    path: '/settings?tab=data-access',
  });
  const accesses = customer.getByRole('table', { name: 'Accesses to your data' });
  await expect(accesses).toContainText('your customer card');
  await expect(accesses).toContainText('started acting for you');
  await expect(accesses).toContainText('invoices and payments');
  await expect(accesses).toContainText('Customer service');
  await expect(accesses).not.toContainText('Sanna');
  await expectAccessibleInEveryLook(customer, 'who-looked', { viewports: ['desktop'], ready: () => expect(accesses).toBeVisible() });
  await customerContext.close();
});

test('a person signs out another of their sessions, which stops working at once', async ({ browser }) => {
  // The phone is a phone (its own user agent), so its session is told apart from the others in the list: the
  // journeys' shared sessions (e2e/test.ts) are Mikko's too, and must not be the one signed out here.
  const [laptop, phone] = await Promise.all([browser.newContext(), browser.newContext({ ...devices['Pixel 7'] })]);
  await Promise.all([englishContext(laptop), englishContext(phone)]);
  const phonePage = await phone.newPage();
  await phonePage.goto(siteUrl('lumo', '/dashboard'));
  await signInWithEid(phonePage, 'en-GB', 'Mikko Korhonen', 'Nordea');
  await expect(phonePage).toHaveURL(siteUrl('lumo', '/dashboard'));

  const page = await laptop.newPage();
  await page.goto(siteUrl('lumo', '/settings?tab=sessions'));
  await signInWithEid(page, 'en-GB', 'Mikko Korhonen', 'OP');
  await expect(page).toHaveURL(siteUrl('lumo', '/settings?tab=sessions'));
  await dropConsentBanner(page);
  const sessions = page.getByRole('list', { name: 'Your sessions' });
  const mine = sessions.getByRole('listitem').filter({ hasText: 'This session' });
  await expect(mine).toContainText('Chrome');
  await expect(mine).toContainText('Site: Lumo Energia Oy');
  const others = sessions.getByRole('listitem').filter({ hasNotText: 'This session' });
  await expect(others.first()).toBeVisible();
  await expectAccessibleInEveryLook(page, 'sessions', { viewports: ['desktop'], ready: () => expect(mine).toBeVisible() });
  const count = await others.count();
  await others
    .filter({ hasText: 'Android' })
    .getByRole('button', { name: /^Sign out / })
    .click();
  await expect(page.getByText('Session signed out')).toBeVisible();
  await expect(others).toHaveCount(count - 1);

  // The phone's next request is refused: it is sent to sign in.
  await phonePage.goto(siteUrl('lumo', '/invoices'));
  await expect(phonePage).toHaveURL(/\/auth\/signin\?/);
  await Promise.all([laptop.close(), phone.close()]);
});
