import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';
import { expectAccessible, expectAccessibleInEveryLook } from './accessibility.ts';
import { dropConsentBanner } from './consent-banner.ts';

/** Confirms the open confirm modal and waits for the meter's answer to show on the switch. */
async function confirm(page: Page) {
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
}

test('lumo: switch a load off and on, open the HAN port, watch live readings move, make a cheapest-hours plan', async ({
  page,
  signedIn,
}) => {
  test.setTimeout(120_000);
  await signedIn({ person: 'Aino Virtanen', method: 'OP', path: '/dashboard' });
  await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Power control' }).click();
  await expect(page).toHaveURL(/\/power-control/);
  await dropConsentBanner(page);

  const home = page.getByRole('article', { name: 'Kuusikallionkuja 7, Espoo' });
  const heater = home.getByRole('switch', { name: 'Lämminvesivaraaja on' });
  await expect(heater).toBeChecked();
  await expectAccessible(page);

  await heater.click({ force: true });
  await expect(page.getByRole('dialog', { name: 'Switch Lämminvesivaraaja off?' })).toBeVisible();
  await confirm(page);
  await expect(home.getByTestId('load-load-lumo-aino-el-1').getByText('Waiting for the meter')).toBeVisible();
  await expect(heater).not.toBeChecked({ timeout: 20_000 });
  await expect(page.getByText('The meter confirmed the change: Lämminvesivaraaja.')).toBeVisible();

  await heater.click({ force: true });
  await confirm(page);
  await expect(heater).toBeChecked({ timeout: 20_000 });

  const han = home.getByRole('switch', { name: 'HAN port open' });
  await expect(han).not.toBeChecked();
  await han.click({ force: true });
  await confirm(page);
  await expect(han).toBeChecked({ timeout: 20_000 });

  const measured = home.getByTestId('live-measured-at');
  await expect(home.getByTestId('live-state')).toHaveText('Live');
  await expect(measured).toBeVisible({ timeout: 15_000 });
  const first = await measured.textContent();
  await expect(measured).not.toHaveText(first ?? '', { timeout: 15_000 });
  await expect(home.getByRole('img', { name: /Power over the last minutes; now [\d.,]+ kW from the grid/ })).toBeVisible();

  await home.getByLabel('Hours needed').fill('2');
  await home.getByRole('button', { name: 'Find cheapest hours' }).click();
  const preview = home.getByTestId('plan-preview');
  await expect(preview.getByTestId('plan-saving')).toHaveText(/You save .*€|Running at once is already the cheapest/);
  await expect(preview.getByRole('img', { name: /chosen hours start at/ })).toBeVisible();
  // The meters' answers leave toasts that close by themselves after 4 s (spec §4): axe checks the page once they are gone.
  await expect(page.getByRole('alert')).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page);
  await preview.getByRole('button', { name: 'Schedule this plan' }).click();
  await expect(home.getByTestId('current-plan')).toContainText('Expected saving');

  await expectAccessibleInEveryLook(page, 'lumo-power-control', {
    // Once the meters' toasts have closed; the plan's own notice stays.
    ready: async () => {
      await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
      await expect(page.getByTestId('live-measured-at').first()).toBeVisible({ timeout: 15_000 });
    },
  });
});

test('daugava: no power control where the site offers none', async ({ page, signedIn }) => {
  await signedIn({ site: 'daugava', person: 'Jānis Ozoliņš', method: 'eParaksts', path: '/dashboard' });
  await expect(page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Charts' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Power control' })).toHaveCount(0);
});
