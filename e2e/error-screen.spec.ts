import { expect, test } from './test.ts';
import { siteUrl } from './sites.ts';
import { waitForTakeOver } from './take-over.ts';

test('a page that fails to render shows the error screen with the user code and reports it', async ({ page, context }) => {
  await page.goto(siteUrl('lumo', '/'));
  await page.getByRole('button', { name: 'Hylkää kaikki' }).click();
  // The click below must load the sign-in page's code in the app; before the take-over the link navigates as plain HTML.
  await waitForTakeOver(page);
  // A release replaced under a running page: the sign-in page's code chunk now fails.
  await page.route(/\/assets\/signin-[^/]+\.js$/, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: 'throw new Error("signin chunk broken")' }),
  );
  const logRequest = page.waitForRequest((request) => request.url().endsWith('/api/logs') && request.method() === 'POST');
  await page.getByRole('banner').getByRole('link', { name: 'Kirjaudu sisään' }).click();

  await expect(page.getByRole('heading', { name: 'Jokin meni vikaan' })).toBeVisible();
  const userId = (await context.cookies()).find((cookie) => cookie.name === '__user-id')!.value;
  await expect(page.getByTestId('error-code')).toContainText(userId);
  const request = await logRequest;
  expect(request.headers()['x-client-id']).toBe(userId);
  expect(request.postDataJSON()).toMatchObject({ level: 'error', message: expect.stringContaining('signin chunk broken') });

  await page.unroute(/\/assets\/signin-[^/]+\.js$/);
  await page.getByRole('button', { name: 'Lataa sivu uudelleen' }).click();
  await expect(page.getByRole('heading', { name: 'Jokin meni vikaan' })).toBeHidden();
});
