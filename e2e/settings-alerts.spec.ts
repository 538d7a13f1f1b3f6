import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './test.ts';
import { startPushServiceStandIn } from '../apps/server/src/test-support/push-service-stand-in.ts';
import { expectAccessible } from './accessibility.ts';
import { journeyDataDir, siteUrl } from './sites.ts';
import { dropConsentBanner } from './consent-banner.ts';

const dataDir = join(process.cwd(), journeyDataDir);

/** Tomorrow in Helsinki as YYYY-MM-DD, and the UTC instant its first hour starts. */
function helsinkiTomorrow(): { day: string; start: Date } {
  const parts = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki', dateStyle: 'short' }).format(at);
  const day = parts(new Date(Date.now() + 24 * 3600 * 1000));
  // Midnight in Helsinki is 22:00 or 21:00 UTC the evening before.
  for (const hours of [22, 21]) {
    const candidate = new Date(`${day}T00:00:00Z`);
    candidate.setUTCHours(candidate.getUTCHours() - 24 + hours);
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Helsinki', hour: '2-digit', hourCycle: 'h23' }).format(candidate);
    if (local === '00') return { day, start: candidate };
  }
  throw new Error(`no midnight found for ${day}`);
}

/** An ENTSO-E day-ahead document for tomorrow in Finland, every hour at `eurPerMwh`, imported as an operator would. */
function importTomorrowsPrices(eurPerMwh: number) {
  const { start } = helsinkiTomorrow();
  const end = new Date(start.getTime() + 24 * 3600 * 1000);
  const iso = (at: Date) => at.toISOString().replace(':00.000Z', 'Z');
  const points = Array.from(
    { length: 24 },
    (_, index) => `<Point><position>${index + 1}</position><price.amount>${eurPerMwh.toFixed(2)}</price.amount></Point>`,
  ).join('');
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<Publication_MarketDocument xmlns="urn:iec62325.351:tc57wg16:451-3:publicationdocument:7:3">
  <type>A44</type>
  <TimeSeries>
    <in_Domain.mRID codingScheme="A01">10YFI-1--------U</in_Domain.mRID>
    <currency_Unit.name>EUR</currency_Unit.name>
    <price_Measure_Unit.name>MWH</price_Measure_Unit.name>
    <curveType>A03</curveType>
    <Period><timeInterval><start>${iso(start)}</start><end>${iso(end)}</end></timeInterval><resolution>PT60M</resolution>${points}</Period>
  </TimeSeries>
</Publication_MarketDocument>`;
  const file = join(mkdtempSync(join(tmpdir(), 'prices-')), 'day-ahead.xml');
  writeFileSync(file, xml);
  // The server holds the data folder: the import hands it the file (docs/decisions/014).
  execFileSync(process.execPath, ['apps/server/src/commands/import.ts', 'prices', file], {
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: 'pipe',
  });
}

test("lumo: a price threshold sends tomorrow's alert to this browser, where the service worker shows it", async ({
  page,
  context,
  signedIn,
}) => {
  test.setTimeout(240_000);
  const pushService = await startPushServiceStandIn();
  try {
    const browser = pushService.subscribe();
    await context.grantPermissions(['notifications'], { origin: siteUrl('lumo') });
    // Chromium subscribes through Google's push service, which this machine cannot reach: the browser's subscription is
    // made with keys of the journey's local push service instead, which decrypts what is sent as the browser would.
    await page.addInitScript(
      ({ endpoint, keys }) => {
        let current: PushSubscription | null = null;
        PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
          const subscription = {
            endpoint,
            expirationTime: null,
            options: { applicationServerKey: options?.applicationServerKey, userVisibleOnly: true },
            getKey: () => null,
            toJSON: () => ({ endpoint, expirationTime: null, keys }),
            unsubscribe: async () => {
              current = null;
              return true;
            },
          };
          current = subscription as unknown as PushSubscription;
          return current;
        };
        PushManager.prototype.getSubscription = async () => current;
      },
      { endpoint: browser.endpoint, keys: browser.keys },
    );

    await signedIn({ person: 'Mikko Korhonen', method: 'OP', path: '/settings?tab=push-notifications' });
    await expect(page.getByTestId('push-permission')).toHaveAttribute('data-state', 'granted');
    await page.getByRole('button', { name: 'Turn on in this browser' }).click();
    await expect(page.getByText('This browser receives your alerts.')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('tab', { name: 'Notifications', exact: true }).click();
    const card = page.getByRole('region', { name: "Tomorrow's spot price" });
    await card.getByRole('combobox', { name: 'Add a channel' }).click();
    await page.getByRole('option', { name: 'Push notification' }).click();
    await card.getByRole('button', { name: 'Add' }).click();
    const setting = card.getByRole('form', { name: "Tomorrow's spot price by Push notification" });
    await setting.getByRole('textbox', { name: 'Above (c/kWh)' }).fill('10');
    await setting.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Notification setting saved.')).toBeVisible();

    // Tomorrow's prices arrive at 18 c/kWh; the alert job runs every minute in the journeys.
    const arrived = pushService.nextMessage(150_000);
    importTomorrowsPrices(180);
    const message = await arrived;
    const payload = JSON.parse(message.payload) as { title: string; body: string; url: string; icon: string; badge: string };
    expect(payload).toMatchObject({
      title: 'Huomisen pörssisähkö',
      url: '/dashboard',
      icon: '/themes/aurora/notification-icon.png',
      badge: '/themes/aurora/notification-badge.png',
    });
    expect(payload.body).toContain('rajasi 10,00 snt/kWh');
    expect(message.vapid.aud).toBe(pushService.origin);

    // The push service hands the decrypted message to the browser's service worker, which shows it.
    const cdp = await context.newCDPSession(page);
    const registrations = new Promise<{ registrationId: string; scopeURL: string }[]>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: found }) => {
        if (found.length > 0) resolve(found);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    const [registration] = (await registrations).filter((entry) => entry.scopeURL.startsWith(siteUrl('lumo')));
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: siteUrl('lumo').replace(/\/$/, ''),
      registrationId: registration!.registrationId,
      data: message.payload,
    });
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((shown) => ({
            title: shown.title,
            icon: shown.icon,
            badge: (shown as Notification & { badge: string }).badge,
            url: (shown.data as { url: string }).url,
          })),
        ),
      )
      .toEqual([
        {
          title: 'Huomisen pörssisähkö',
          icon: siteUrl('lumo', '/themes/aurora/notification-icon.png'),
          badge: siteUrl('lumo', '/themes/aurora/notification-badge.png'),
          url: '/dashboard',
        },
      ]);

    // What was sent is in the history under notifications.
    await page.reload();
    await dropConsentBanner(page);
    const history = page.getByRole('table', { name: 'Sent to you' });
    await expect(history.getByRole('row').filter({ hasText: 'Push notification' })).toContainText('Sent');
    await expectAccessible(page);
  } finally {
    await pushService.close();
  }
});

test('every site serves its own install manifest, and its service worker shows an offline page without a network', async ({
  page,
  context,
}) => {
  for (const [site, name] of [
    ['lumo', 'Oma Lumo'],
    ['virmalise', 'Minu Virmalise'],
    ['daugava', 'Mans Daugavas Siltums'],
    ['kallio', 'Oma Kallio Verkot'],
  ] as const) {
    await page.goto(siteUrl(site, '/'));
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = await page.evaluate(async (url) => (await fetch(url)).json() as Promise<Record<string, unknown>>, href!);
    expect(manifest).toMatchObject({ name, display: 'standalone', start_url: '/', scope: '/' });
    expect(manifest.icons).toEqual(expect.arrayContaining([expect.objectContaining({ src: expect.stringContaining(`/themes/`) })]));
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(manifest.theme_color);
  }

  await page.goto(siteUrl('lumo', '/'));
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await context.setOffline(true);
  await page.goto(siteUrl('lumo', '/invoices')).catch(() => undefined);
  await expect(page.getByRole('heading', { name: 'Ei verkkoyhteyttä' })).toBeVisible();
  await expectAccessible(page);
  await context.setOffline(false);
});
