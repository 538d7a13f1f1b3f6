import { expect, test } from './test.ts';
import { expectAccessible, expectAccessibleInEveryLook } from './accessibility.ts';
import { siteUrl } from './sites.ts';
import { dropConsentBanner } from './consent-banner.ts';

test("lumo: an outage on the customer's street shows first on /outages, with the meter's events, axe-clean", async ({ page, signedIn }) => {
  test.setTimeout(180_000);
  await signedIn({ person: 'Aino Virtanen', method: 'OP', path: '/dashboard' });
  await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Outages' }).click();
  await expect(page).toHaveURL(/\/outages/);

  // The local outage feed plans one on Kuusikallionkuja every day, announced two days ahead: it is always listed.
  const first = page.getByRole('article').first();
  await expect(first.getByRole('heading', { name: 'Grid area: Espoo' })).toBeVisible();
  await expect(first.getByText('Your place', { exact: true })).toBeVisible();
  await expect(first.getByText('Your places on these streets: Kuusikallionkuja 7')).toBeVisible();
  await expect(first.getByText('Kuusikallionkuja, 02210 Espoo')).toBeVisible();
  // Outages elsewhere are listed too, without the customer's places.
  await expect(page.getByRole('article').filter({ hasText: 'Olarinkatu' }).getByText('Your place', { exact: true })).toHaveCount(0);

  const events = page.getByRole('region', { name: 'Meter events' });
  await expect(events.getByRole('cell', { name: /Voltage too high \(254\.8 V\)/ })).toBeVisible();

  await expectAccessibleInEveryLook(page, 'outages', {
    ready: () => expect(page.getByRole('article').first().getByText('Your place', { exact: true })).toBeVisible(),
  });

  // The outage contacts the notices go to are kept in settings.
  await page.goto(siteUrl('lumo', '/settings?tab=outage-contacts'));
  await dropConsentBanner(page);
  await expect(page.getByRole('tab', { name: 'Outage contacts', selected: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /e-mail|address|value/i }).first()).toHaveValue('aino.virtanen@example.fi');
  await expectAccessible(page);
});
