import type { NotificationDelivery } from '../packages/schema/src/settings.ts';
import type { PlanPreview } from '../packages/schema/src/power.ts';
import { expect, test } from './test.ts';
import { expectAccessible } from './accessibility.ts';
import { dropConsentBanner } from './consent-banner.ts';
import { keepScreenshot } from './screenshots.ts';
import { siteUrl } from './sites.ts';
import { text } from './texts.ts';

const EN = 'en-GB';

test('kallio: a Kallio household asks to hear when its power peak is about to rise, is told by e-mail, and plans the car’s charging under the peak (decision 128)', async ({
  page,
  signedIn,
}) => {
  test.setTimeout(180_000);
  await signedIn({ site: 'kallio', locale: EN, person: 'Aino Virtanen', method: 'OP', path: '/settings?tab=contacts' });
  await dropConsentBanner(page);
  // Her network operator has no e-mail address of hers yet: she gives one, as her primary contact.
  await page.getByRole('button', { name: 'Add contact' }).click();
  const contact = page.getByRole('group', { name: 'Contact 1' });
  await contact.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'E-mail' }).click();
  await contact.getByRole('textbox', { name: 'E-mail address or number' }).fill('aino.virtanen@example.fi');
  await contact.getByRole('checkbox', { name: 'Primary' }).check();
  await page.getByRole('button', { name: 'Save contacts' }).click();
  await expect(page.getByText('Your contacts were saved.')).toBeVisible();
  await page.getByRole('tab', { name: 'Notifications', exact: true }).click();

  const card = page.getByRole('region', { name: 'My power peak is about to rise' });
  await card.getByRole('combobox', { name: 'Add a channel' }).click();
  await page.getByRole('option', { name: 'E-mail' }).click();
  await card.getByRole('button', { name: 'Add' }).click();
  const setting = card.getByRole('form', { name: 'My power peak is about to rise by E-mail' });
  const margin = setting.getByRole('textbox', { name: 'Margin below the peak (kW)' });
  await expect(margin).toHaveValue('0.5');
  // A margin as wide as the form allows: every hour of her house comes within it, so the alert comes at the next look
  // (the journeys look every five seconds) whatever the month's peak is.
  await margin.fill('50');
  await setting.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Notification setting saved.')).toBeVisible();
  await expectAccessible(page);

  // The alert job decides it from the hour just ended or the running hour's live readings, and the mail is sent.
  await expect
    .poll(
      async () => {
        const history = (await page.evaluate(async () => (await fetch('/api/me/notification-history')).json())) as NotificationDelivery[];
        return history.find((delivery) => delivery.subject === 'POWER_PEAK' && delivery.status === 'sent') ?? null;
      },
      { timeout: 90_000, intervals: [2_000] },
    )
    .not.toBeNull();
  await page.reload();
  const history = page.getByRole('table', { name: 'Sent to you' });
  // Written in her language as the operator knows it: she chose none, so Kallio's default, Finnish (decision 043).
  const title = text('fi-FI', 'settings.alert.POWER_PEAK.title');
  await expect(history.getByRole('row', { name: new RegExp(title) }).first()).toContainText('aino.virtanen@example.fi');
  await keepScreenshot(page, 'kallio-power-peak-alert', { element: card });

  // On Power control, a plan for the car's 11 kW charger is measured against the month's peak.
  await page.goto(siteUrl('kallio', '/power-control'));
  const home = page.getByRole('article', { name: 'Kuusikallionkuja 7, Espoo' });
  await home.getByRole('combobox', { name: 'Load' }).click();
  await page.getByRole('option', { name: 'Sähköauton laturi' }).click();
  await home.getByLabel('Hours needed').fill('2');
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/load-controls/plans/preview'));
  await home.getByRole('button', { name: 'Find cheapest hours' }).click();
  const plan = (await (await answered).json()) as PlanPreview;
  expect(plan.peak).not.toBeNull();
  const note = home.getByTestId('plan-peak');
  await expect(note).toContainText("This month's power peak");
  const left = plan.hours.filter((hour) => hour.raisesPeak && hour.chosen === plan.peak!.raised);
  if (left.length === 0) {
    await expect(note).toContainText("The chosen hours stay under this month's power peak");
  } else {
    await expect(note).toContainText(plan.peak!.raised ? 'Too few hours stay under' : 'Left out because they would raise');
    await expect(note.getByRole('listitem')).toHaveCount(left.length);
  }
  await expect(page.getByRole('alert').filter({ hasNotText: "This month's power peak" })).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page);
  await keepScreenshot(page, 'kallio-plan-under-peak', { element: home.getByTestId('plan-preview') });
});
