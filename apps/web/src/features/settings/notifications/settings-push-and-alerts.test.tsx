import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@portal/schema/identity';
import type { OutageAddress } from '@portal/schema/outage-contacts';
import type { NotificationDelivery } from '@portal/schema/settings';
import { callsTo, stubApi } from '../../../test/api-stub.ts';
import { buildActorInfo } from '../../../test/identity-factories.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { buildSite } from '../../../test/test-site.ts';
import { PushTokenRefresh } from './push-token-refresh.tsx';
import { SettingsPage } from '../settings-page.tsx';
import type { SettingsTab } from '../settings-tabs.ts';

const profile: Profile = {
  name: 'Maria Virtanen',
  ssn: 'FI010190-123A',
  email: 'maria@example.fi',
  phone: '+358401234567',
  preferredLocale: null,
  contactPreference: 'email',
  marketingChannels: [],
  pendingEmail: null,
  verifiedAt: '2026-11-23T08:00:00.000Z',
};
/** A P-256 public key as base64url (65 bytes), as the server's configuration sends it. */
const VAPID_KEY = `B${'A'.repeat(86)}`;
const configuration = {
  appConfig: { appName: 'Oma Lumo', icon: '/i.png', badge: '/b.png', tokenRefreshDays: 7 },
  vapidKey: VAPID_KEY,
};
const pushSite = buildSite({ features: ['PUSH_NOTIFICATIONS', 'DARK_THEME'] });

function renderSettings(tab: SettingsTab | undefined, site = buildSite()) {
  return renderWithProviders(<SettingsPage search={tab ? { tab } : {}} onTabChange={() => {}} />, {
    site,
    path: tab ? `/settings?tab=${tab}` : '/settings',
  });
}

/** A browser with Web Push: a permission, a service worker whose push manager subscribes to a fake push service. */
function stubBrowserPush(
  permission: NotificationPermission,
  { askAnswer = 'granted', subscribeFails = false }: { askAnswer?: NotificationPermission; subscribeFails?: boolean } = {},
) {
  let current: { endpoint: string; unsubscribe: () => Promise<boolean> } | null = null;
  let count = 0;
  const subscribe = vi.fn(async (options: PushSubscriptionOptionsInit) => {
    if (subscribeFails) throw new DOMException('push service unreachable', 'AbortError');
    count += 1;
    const endpoint = `https://fcm.googleapis.com/fcm/send/browser-${count}`;
    const subscription = {
      endpoint,
      options: { applicationServerKey: (options.applicationServerKey as Uint8Array).buffer },
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } }),
      unsubscribe: vi.fn(async () => {
        current = null;
        return true;
      }),
    };
    current = subscription;
    return subscription;
  });
  const registration = { pushManager: { subscribe, getSubscription: async () => current } };
  const requestPermission = vi.fn(async () => {
    notification.permission = askAnswer;
    return askAnswer;
  });
  const notification = { permission, requestPermission };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register: vi.fn(async () => registration), ready: Promise.resolve(registration), addEventListener: vi.fn() },
  });
  return { subscribe, requestPermission };
}

describe('settings: the tabs of spec §2', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers all eight tabs of spec §2 and the three of our own where the site has every feature, outage contacts only with outages and the setting', async () => {
    stubApi({ 'GET /api/info': buildActorInfo(), 'GET /api/me': profile });
    await renderSettings(undefined, buildSite({ features: ['PUSH_NOTIFICATIONS', 'SETTINGS_OUTAGE_CONTACTS', 'OUTAGES', 'DARK_THEME'] }));
    await waitFor(async () =>
      expect((await screen.findAllByRole('tab')).map((tab) => tab.textContent)).toEqual([
        'Profile',
        'Contacts',
        'Addresses',
        'Bank accounts',
        'Outage contacts',
        'Notifications',
        'Push notifications',
        'Appearance',
        'Who looked at my data',
        'A copy of my data',
        'Active sessions',
      ]),
    );
  });

  it('shows no outage contacts without the outages feature, and no push tab without push', async () => {
    stubApi({ 'GET /api/info': buildActorInfo(), 'GET /api/me': profile });
    await renderSettings(undefined, buildSite({ features: ['SETTINGS_OUTAGE_CONTACTS'] }));
    await waitFor(async () => expect(await screen.findAllByRole('tab')).toHaveLength(8));
    expect(screen.queryByRole('tab', { name: 'Outage contacts' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Push notifications' })).toBeNull();
  });

  it('tells staff acting for a company that it has no personal profile, without asking for one', async () => {
    const fetchMock = stubApi({
      'GET /api/info': buildActorInfo({
        actingAs: 'staff',
        staffRoles: ['customer-service'],
        customer: { clientCode: 'C-2001', name: 'Revontuli Sauna Oy', type: 'legal' },
      }),
    });
    await renderSettings('profile');
    expect(await screen.findByText(/This customer is a company: it has no personal profile/)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/me')).toEqual([]);
  });

  it('shows the membership number where the site has them', async () => {
    stubApi({
      'GET /api/info': buildActorInfo(),
      'GET /api/me': profile,
      'GET /api/me/membership': { membershipNumber: 'DSB-004512', memberSince: '2018-04-16' },
    });
    await renderSettings('profile', buildSite({ features: ['MEMBERSHIP_NUMBER'] }));
    const field = await screen.findByLabelText('Membership number');
    await waitFor(() => expect(field).toHaveValue('DSB-004512'));
    expect(screen.getByText('Member since 16.04.2018')).toBeInTheDocument();
  });

  it('restores an unsent draft of a form after the page is opened again (spec §4)', async () => {
    sessionStorage.clear();
    stubApi({ 'GET /api/info': buildActorInfo(), 'GET /api/me/bank-accounts': [] });
    const first = await renderSettings('bank-accounts');
    await userEvent.type(await screen.findByLabelText(/IBAN/), 'FI21 1234 5600 0007 85');
    await waitFor(() => expect(sessionStorage.getItem('form-draft:bank-account:C-1001')).not.toBeNull());
    first.unmount();
    await renderSettings('bank-accounts');
    const dialog = await screen.findByRole('dialog', { name: 'Continue where you left off?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(screen.getByLabelText(/IBAN/)).toHaveValue('FI21 1234 5600 0007 85'));
  });
});

describe('settings: push notifications (spec §4 push permission)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('asks for permission only when turned on, then sends the subscription as the token', async () => {
    const browser = stubBrowserPush('default');
    let registered = false;
    const fetchMock = stubApi({
      'GET /api/info': buildActorInfo(),
      'GET /api/notifications/customer-info': () => ({ enabled: registered, providerEnabled: true }),
      'GET /api/notifications/configuration': configuration,
      'POST /api/notifications/set-token': () => {
        registered = true;
        return { enabled: true };
      },
    });
    await renderSettings('push-notifications', pushSite);
    expect(await screen.findByTestId('push-permission')).toHaveTextContent('This browser has not been asked yet.');
    expect(browser.requestPermission).not.toHaveBeenCalled();
    const enable = screen.getByRole('button', { name: 'Turn on in this browser' });
    await waitFor(() => expect(enable).toBeEnabled());
    await userEvent.click(enable);
    expect(await screen.findByText('This browser receives your alerts.')).toBeInTheDocument();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    const [sent] = callsTo(fetchMock, 'POST', '/api/notifications/set-token');
    const body = sent!.body as { token: string; enabled: boolean };
    expect(body.enabled).toBe(true);
    expect(JSON.parse(body.token)).toMatchObject({ endpoint: 'https://fcm.googleapis.com/fcm/send/browser-1' });
    expect(screen.getByTestId('push-permission')).toHaveAttribute('data-state', 'granted');
  });

  it('gives no token when permission is refused or the browser fails, silently (spec §8)', async () => {
    const refused = stubBrowserPush('default', { askAnswer: 'denied' });
    const fetchMock = stubApi({
      'GET /api/info': buildActorInfo(),
      'GET /api/notifications/customer-info': { enabled: false, providerEnabled: true },
      'GET /api/notifications/configuration': configuration,
    });
    await renderSettings('push-notifications', pushSite);
    const enable = await screen.findByRole('button', { name: 'Turn on in this browser' });
    await waitFor(() => expect(enable).toBeEnabled());
    await userEvent.click(enable);
    await waitFor(() => expect(screen.getByTestId('push-permission')).toHaveAttribute('data-state', 'denied'));
    expect(screen.getByTestId('push-permission')).toHaveTextContent('Notifications are blocked in this browser.');
    expect(screen.getByRole('button', { name: 'Turn on in this browser' })).toBeDisabled();
    expect(refused.subscribe).not.toHaveBeenCalled();
    expect(callsTo(fetchMock, 'POST', '/api/notifications/set-token')).toEqual([]);
  });

  it('sends no token when the push service cannot be reached, and says it could not turn push on', async () => {
    stubBrowserPush('granted', { subscribeFails: true });
    const fetchMock = stubApi({
      'GET /api/info': buildActorInfo(),
      'GET /api/notifications/customer-info': { enabled: false, providerEnabled: true },
      'GET /api/notifications/configuration': configuration,
    });
    await renderSettings('push-notifications', pushSite);
    const enable = await screen.findByRole('button', { name: 'Turn on in this browser' });
    await waitFor(() => expect(enable).toBeEnabled());
    await userEvent.click(enable);
    expect(await screen.findByText('Push notifications could not be turned on in this browser.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/notifications/set-token')).toEqual([]);
  });

  it('says so when the browser has no Web Push, and offers nothing to turn on', async () => {
    stubApi({
      'GET /api/info': buildActorInfo(),
      'GET /api/notifications/customer-info': { enabled: true, providerEnabled: true },
      'GET /api/notifications/configuration': configuration,
    });
    await renderSettings('push-notifications', pushSite);
    expect(await screen.findByTestId('push-permission')).toHaveAttribute('data-state', 'unsupported');
    expect(screen.getByText('You receive push notifications on another device.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn on in this browser' })).toBeDisabled();
  });

  it('turns this browser off: unsubscribes and tells the server to forget the token', async () => {
    stubBrowserPush('granted');
    localStorage.setItem(
      'push-token:C-1001',
      JSON.stringify({ token: '{"endpoint":"https://fcm.googleapis.com/old"}', sentAt: new Date().toISOString() }),
    );
    const fetchMock = stubApi({
      'GET /api/info': buildActorInfo(),
      'GET /api/notifications/customer-info': { enabled: true, providerEnabled: true },
      'GET /api/notifications/configuration': configuration,
      'POST /api/notifications/set-token': { enabled: false },
    });
    await renderSettings('push-notifications', pushSite);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off in this browser' }));
    expect(await screen.findByText('Push notifications are off in this browser.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/notifications/set-token')[0]!.body).toEqual({
      token: '{"endpoint":"https://fcm.googleapis.com/old"}',
      enabled: false,
    });
    expect(localStorage.getItem('push-token:C-1001')).toBeNull();
  });

  it('tells staff the customer’s alerts go to the customer’s devices', async () => {
    stubApi({
      'GET /api/info': buildActorInfo({ actingAs: 'staff', staffRoles: ['customer-service'] }),
      'GET /api/notifications/customer-info': { enabled: false, providerEnabled: false },
    });
    await renderSettings('push-notifications', pushSite);
    expect(await screen.findByText(/customer service cannot turn them on for the customer/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on in this browser' })).toBeNull();
  });

  it('sends a fresh token once the last one is older than 7 days, and nothing before', async () => {
    const browser = stubBrowserPush('granted');
    const fetchMock = stubApi({
      'GET /api/notifications/configuration': configuration,
      'POST /api/notifications/set-token': { enabled: true },
    });
    const old = '{"endpoint":"https://fcm.googleapis.com/fcm/send/old"}';
    localStorage.setItem('push-token:C-1001', JSON.stringify({ token: old, sentAt: new Date(Date.now() - 6 * 86_400_000).toISOString() }));
    const fresh = await renderWithProviders(<PushTokenRefresh owner="C-1001" />, { site: pushSite });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(fetchMock, 'POST', '/api/notifications/set-token')).toEqual([]);
    fresh.unmount();

    localStorage.setItem('push-token:C-1001', JSON.stringify({ token: old, sentAt: new Date(Date.now() - 8 * 86_400_000).toISOString() }));
    await renderWithProviders(<PushTokenRefresh owner="C-1001" />, { site: pushSite });
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/notifications/set-token')).toHaveLength(2));
    const [forget, register] = callsTo(fetchMock, 'POST', '/api/notifications/set-token');
    expect(forget!.body).toEqual({ token: old, enabled: false });
    expect(register!.body).toMatchObject({ enabled: true });
    expect(browser.subscribe).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(JSON.parse(localStorage.getItem('push-token:C-1001')!).token).toContain('browser-1'));
  });

  it('leaves a stale token alone where the browser never granted push: nothing is asked of the server', async () => {
    const browser = stubBrowserPush('default');
    const fetchMock = stubApi({ 'GET /api/notifications/configuration': configuration });
    const old = '{"endpoint":"https://fcm.googleapis.com/fcm/send/old"}';
    localStorage.setItem('push-token:C-1001', JSON.stringify({ token: old, sentAt: new Date(Date.now() - 30 * 86_400_000).toISOString() }));
    await renderWithProviders(<PushTokenRefresh owner="C-1001" />, { site: pushSite });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(fetchMock, 'GET', '/api/notifications/configuration')).toEqual([]);
    expect(browser.subscribe).not.toHaveBeenCalled();
  });
});

describe('settings: outage contacts and the history of what was sent', () => {
  afterEach(() => vi.unstubAllGlobals());
  const place: OutageAddress = {
    contractId: 'c-1',
    contractNumber: 'LUMO-SOP-1',
    objectId: 'obj-1',
    utility: 'electricity',
    street: 'Kuusikallionkuja 7',
    postalCode: '02210',
    city: 'Espoo',
    countryCode: 'FI',
  };

  it('edits who is told about outages at a place, checks the list as the server does, and saves it', async () => {
    const fetchMock = stubApi({
      'GET /api/info': buildActorInfo(),
      'GET /api/me/outage-addresses': [place],
      'GET /api/me/outage-contacts': { contractId: 'c-1', contacts: [{ method: 'Email', value: 'maria@example.fi', timing: 'Always' }] },
      'PUT /api/me/outage-contacts': (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as unknown,
    });
    await renderSettings('outage-contacts', buildSite({ features: ['SETTINGS_OUTAGE_CONTACTS', 'OUTAGES'] }));
    const first = await screen.findByRole('group', { name: 'Contact 1' });
    expect(within(first).getByRole('textbox', { name: 'E-mail address or number' })).toHaveValue('maria@example.fi');
    expect(callsTo(fetchMock, 'GET', '/api/me/outage-contacts')[0]!.url).toContain('contractId=c-1');

    await userEvent.click(screen.getByRole('button', { name: 'Add contact' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const second = screen.getByRole('group', { name: 'Contact 2' });
    expect(await within(second).findByText('Enter a valid e-mail address or phone number.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/me/outage-contacts')).toEqual([]);

    await userEvent.click(within(second).getByRole('combobox', { name: 'How' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Letter' }));
    expect(within(second).getByText('Letters go to your postal address.')).toBeInTheDocument();
    await userEvent.click(within(second).getByRole('combobox', { name: 'When' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Not at night (22–07)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Outage contacts saved.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/me/outage-contacts')[0]!.body).toEqual({
      contractId: 'c-1',
      contacts: [
        { method: 'Email', value: 'maria@example.fi', timing: 'Always' },
        { method: 'Post', value: null, timing: 'NoNightHours' },
      ],
    });
  });

  it('lists what was sent, on which channel, to whom and when; offers push where the site has it', async () => {
    const sent: NotificationDelivery = {
      id: 1,
      subject: 'SPOT_PRICE',
      channel: 'PushNotification',
      recipient: 'Chrome on Android',
      title: "Tomorrow's spot price",
      status: 'sent',
      createdAt: '2026-11-24T12:30:00.000Z',
      sentAt: '2026-11-24T12:30:05.000Z',
    };
    stubApi({
      'GET /api/info': buildActorInfo(),
      'GET /api/me/contacts': [],
      'GET /api/me/notification-subjects': [{ subject: 'SPOT_PRICE', thresholdUnit: 'c/kWh' }],
      'GET /api/me/notification-settings': [],
      'GET /api/me/notification-history': [
        sent,
        { ...sent, id: 2, channel: 'Email', recipient: 'maria@example.fi', status: 'failed', sentAt: null },
      ],
    });
    await renderSettings('notifications', pushSite);
    const history = await screen.findByRole('table', { name: 'Sent to you' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['24.11.2026 14:30', "Tomorrow's spot price", 'Push notification', 'Chrome on Android', 'Sent'],
      ['24.11.2026 14:30', "Tomorrow's spot price", 'E-mail', 'maria@example.fi', 'Not delivered'],
    ]);
    const card = screen.getByRole('region', { name: "Tomorrow's spot price" });
    await userEvent.click(within(card).getByRole('combobox', { name: 'Add a channel' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'E-mail',
      'Text message',
      'Push notification',
    ]);
  });
});
