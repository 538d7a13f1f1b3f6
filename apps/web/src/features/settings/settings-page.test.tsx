import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Profile } from '@portal/schema/identity';
import type { BankAccount, Contact, CustomerAddress, NotificationSetting } from '@portal/schema/settings';
import { callsTo, stubApi } from '../../test/api-stub.ts';
import { buildActorInfo } from '../../test/identity-factories.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { buildSite } from '../../test/test-site.ts';
import { EmailConfirmationPage } from './profile/email-confirmation-page.tsx';
import { SettingsPage } from './settings-page.tsx';
import type { SettingsTab } from './settings-tabs.ts';

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
const account: BankAccount = {
  bankAccountId: '6f1c2b9e-0000-4000-8000-000000000001',
  iban: 'FI2112345600000785',
  bic: 'NDEAFIHH',
  ownerName: 'Maria Virtanen',
  createdAt: '2026-11-01T10:00:00.000Z',
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderSettings(tab: SettingsTab | undefined, site = buildSite()) {
  return renderWithProviders(<SettingsPage search={tab ? { tab } : {}} onTabChange={() => {}} />, {
    site,
    path: tab ? `/settings?tab=${tab}` : '/settings',
  });
}

describe('/settings', () => {
  it('shows the e-ID name and code read-only and saves phone, language, contact preference and marketing', async () => {
    const fetchMock = stubApi({
      'GET /api/info': buildActorInfo(),
      'GET /api/me': profile,
      'PUT /api/me': (init: RequestInit | undefined) => ({
        ...profile,
        ...(JSON.parse(String(init?.body)) as object),
        email: profile.email,
      }),
    });
    await renderSettings('profile');
    expect(await screen.findByLabelText('Name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Personal code')).toHaveValue('FI010190-123A');
    expect(screen.getByRole('tab', { name: 'Profile', selected: true })).toBeInTheDocument();

    const phone = screen.getByLabelText('Phone');
    await userEvent.clear(phone);
    await userEvent.type(phone, '050 765 4321');
    await userEvent.click(screen.getByRole('combobox', { name: 'Preferred language' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Svenska' }));
    await userEvent.click(screen.getByRole('radio', { name: 'By phone' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Text message' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/me')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PUT', '/api/me')[0]!.body).toEqual({
      email: 'maria@example.fi',
      phone: '050 765 4321',
      preferredLocale: 'sv-FI',
      contactPreference: 'phone',
      marketingChannels: ['Gsm'],
    });
    expect(await screen.findByText('Your details were saved.')).toBeInTheDocument();
  });

  it('checks the e-mail as the server does, says a new address waits for its link, and shows a refused phone at the field', async () => {
    const fetchMock = stubApi({
      'GET /api/info': buildActorInfo(),
      'GET /api/me': profile,
      'PUT /api/me': (init: RequestInit | undefined) => {
        const body = JSON.parse(String(init?.body)) as { phone: string | null; email: string };
        if (body.phone === '12')
          return json(400, { name: 'BadRequest', code: 'INVALID_PHONE', message: 'phone: 12 is not valid', statusCode: 400 });
        return { ...profile, pendingEmail: body.email };
      },
    });
    await renderSettings('profile');
    const email = await screen.findByRole('textbox', { name: 'E-mail' });
    await userEvent.clear(email);
    await userEvent.type(email, 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/me')).toEqual([]);

    await userEvent.clear(email);
    await userEvent.type(email, 'maria.new@example.fi');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved. We sent a confirmation link to maria.new@example.fi.')).toBeInTheDocument();
    expect(await screen.findByTestId('pending-email')).toHaveTextContent('Waiting for confirmation: maria.new@example.fi.');
    // The current address stays in the field until the link is followed.
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveValue('maria@example.fi');

    const phone = screen.getByLabelText('Phone');
    await userEvent.clear(phone);
    await userEvent.type(phone, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a valid phone number.')).toBeInTheDocument();
  });

  it('hides the phone and marketing where the site switches them off, and sends no marketing choice', async () => {
    const fetchMock = stubApi({ 'GET /api/info': buildActorInfo(), 'GET /api/me': profile, 'PUT /api/me': profile });
    await renderSettings('profile', buildSite({ features: ['SETTINGS_PHONE_NUMBER_DISABLED', 'SETTINGS_MARKETING_CHANNELS_DISABLED'] }));
    await screen.findByRole('textbox', { name: 'E-mail' });
    expect(screen.queryByLabelText('Phone')).toBeNull();
    expect(screen.queryByText('Marketing')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/me')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PUT', '/api/me')[0]!.body).not.toHaveProperty('marketingChannels');
  });

  it('shows staff acting for a customer the same tabs, the profile being the customer’s; no appearance without the dark theme', async () => {
    stubApi({
      'GET /api/info': buildActorInfo({ actingAs: 'staff', staffRoles: ['customer-service'] }),
      'GET /api/me': profile,
      'GET /api/me/contacts': [],
    });
    await renderSettings(undefined, buildSite({ features: [] }));
    await waitFor(async () =>
      expect((await screen.findAllByRole('tab')).map((tab) => tab.textContent)).toEqual([
        'Profile',
        'Contacts',
        'Addresses',
        'Bank accounts',
        'Notifications',
      ]),
    );
    expect(await screen.findByTestId('staff-profile-notice')).toHaveTextContent(
      "You are viewing the customer's profile as customer service.",
    );
    expect(screen.getByLabelText('Name')).toHaveValue('Maria Virtanen');
  });

  it('lists bank accounts, refuses a bad IBAN before sending, adds a good one and removes one after confirming', async () => {
    let accounts: BankAccount[] = [account];
    const fetchMock = stubApi({
      'GET /api/info': buildActorInfo(),
      'GET /api/me/bank-accounts': () => accounts,
      'POST /api/me/bank-accounts': () => {
        const added = { ...account, bankAccountId: '6f1c2b9e-0000-4000-8000-000000000002', iban: 'FI6050000120253345', bic: 'OKOYFIHH' };
        accounts = [...accounts, added];
        return added;
      },
      [`DELETE /api/me/bank-accounts/${account.bankAccountId}`]: () => {
        accounts = accounts.filter((candidate) => candidate.bankAccountId !== account.bankAccountId);
        return new Response(null, { status: 204 });
      },
    });
    await renderSettings('bank-accounts');
    const list = await screen.findByRole('list', { name: 'Your bank accounts' });
    expect(within(list).getByText('FI21 1234 5600 0007 85')).toBeInTheDocument();
    expect(within(list).getByText('BIC: NDEAFIHH')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/IBAN/), 'FI21 1234 5600 0007 86');
    await userEvent.type(screen.getByLabelText(/Account owner/), 'Maria Virtanen');
    await userEvent.click(screen.getByRole('button', { name: 'Add account' }));
    expect(await screen.findByText('Enter a valid IBAN of a SEPA country.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/me/bank-accounts')).toEqual([]);

    await userEvent.clear(screen.getByLabelText(/IBAN/));
    await userEvent.type(screen.getByLabelText(/IBAN/), 'fi60 5000 0120 2533 45');
    await userEvent.click(screen.getByRole('button', { name: 'Add account' }));
    expect(await screen.findByText('Bank account FI60 5000 0120 2533 45 added.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/me/bank-accounts')[0]!.body).toEqual({
      iban: 'fi60 5000 0120 2533 45',
      ownerName: 'Maria Virtanen',
    });
    expect(await within(list).findByText('FI60 5000 0120 2533 45')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove account FI21 1234 5600 0007 85' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove bank account?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(list).queryByText('FI21 1234 5600 0007 85')).toBeNull());
    expect(callsTo(fetchMock, 'DELETE', `/api/me/bank-accounts/${account.bankAccountId}`)).toHaveLength(1);
  });

  it('adds an IBAN pasted from a bank app with no-break spaces between its groups', async () => {
    const pasted = 'FI60\u00a05000\u00a00120\u00a02533\u00a045';
    const fetchMock = stubApi({
      'GET /api/info': buildActorInfo(),
      'GET /api/me/bank-accounts': [],
      'POST /api/me/bank-accounts': { ...account, iban: 'FI6050000120253345', bic: 'OKOYFIHH' },
    });
    await renderSettings('bank-accounts');
    await userEvent.click(await screen.findByLabelText(/IBAN/));
    await userEvent.paste(pasted);
    await userEvent.type(screen.getByLabelText(/Account owner/), 'Maria Virtanen');
    await userEvent.click(screen.getByRole('button', { name: 'Add account' }));
    expect(await screen.findByText('Bank account FI60 5000 0120 2533 45 added.')).toBeInTheDocument();
    expect(screen.queryByText('Enter a valid IBAN of a SEPA country.')).toBeNull();
    expect(callsTo(fetchMock, 'POST', '/api/me/bank-accounts')[0]!.body).toEqual({ iban: pasted, ownerName: 'Maria Virtanen' });
  });

  it('says which e-mail and phone are on file when no other contacts are added, not that there are none', async () => {
    stubApi({ 'GET /api/info': buildActorInfo(), 'GET /api/me/contacts': [], 'GET /api/me': profile });
    await renderSettings('contacts');
    expect(await screen.findByText(/maria@example\.fi, \+358401234567/)).toBeInTheDocument();
    expect(screen.queryByText('No contacts yet.')).toBeNull();
  });

  it('edits contacts as one list, checks them as the server does and shows a refused number at its row', async () => {
    const saved: Contact = { id: 7, name: 'Home', method: 'Email', value: 'maria@example.fi', primary: true };
    const fetchMock = stubApi({
      'GET /api/info': buildActorInfo(),
      'GET /api/me/contacts': [saved],
      'PUT /api/me/contacts': (init: RequestInit | undefined) => {
        const body = JSON.parse(String(init?.body)) as { contacts: Contact[] };
        if (body.contacts.some((item) => item.value === '12345')) {
          return json(400, {
            name: 'BadRequest',
            code: 'INVALID_PHONE',
            message: 'contacts.1.value: 12345 is not a valid mobile number',
            statusCode: 400,
          });
        }
        return body.contacts.map((item, index) => ({ ...item, id: item.id ?? 100 + index }));
      },
    });
    await renderSettings('contacts');
    const first = await screen.findByRole('group', { name: 'Contact 1' });
    expect(within(first).getByRole('textbox', { name: 'E-mail address or number' })).toHaveValue('maria@example.fi');

    await userEvent.click(screen.getByRole('button', { name: 'Add contact' }));
    const second = screen.getByRole('group', { name: 'Contact 2' });
    await userEvent.click(within(second).getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Mobile' }));
    await userEvent.type(within(second).getByRole('textbox', { name: 'E-mail address or number' }), '12345');
    await userEvent.click(within(second).getByRole('checkbox', { name: 'Primary' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save contacts' }));
    expect(await within(second).findByText('Enter a valid e-mail address or phone number.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/me/contacts')[0]!.body).toEqual({
      contacts: [
        { id: 7, name: 'Home', method: 'Email', value: 'maria@example.fi', primary: true },
        { name: '', method: 'Gsm', value: '12345', primary: true },
      ],
    });

    const value = within(second).getByRole('textbox', { name: 'E-mail address or number' });
    await userEvent.clear(value);
    await userEvent.type(value, '+358501112222');
    await userEvent.click(screen.getByRole('button', { name: 'Save contacts' }));
    expect(await screen.findByText('Your contacts were saved.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove contact 1' }));
    expect(screen.queryByRole('group', { name: 'Contact 2' })).toBeNull();
  });

  it('lists places of use (only those in force where the site says so) and saves the postal address', async () => {
    const place: CustomerAddress = {
      id: 'obj-1',
      requestType: 'usage',
      street: 'Kuusikallionkuja 7',
      postalCode: '02210',
      city: 'Espoo',
      countryCode: 'FI',
      objectId: 'obj-1',
      hasActiveContract: true,
    };
    const fetchMock = stubApi({
      'GET /api/info': buildActorInfo(),
      'GET /api/me/addresses': [place],
      'PUT /api/me/addresses/postal': (init: RequestInit | undefined) => ({
        ...(JSON.parse(String(init?.body)) as object),
        id: 'a-1',
        requestType: 'postal',
        objectId: null,
        hasActiveContract: false,
      }),
    });
    await renderSettings('addresses', buildSite({ features: ['ADDRESSES_ACTIVE_CONTRACTS_ONLY'] }));
    expect(await screen.findByText('Kuusikallionkuja 7, 02210 Espoo')).toBeInTheDocument();
    expect(screen.getByText('Contract in force')).toBeInTheDocument();
    expect(
      callsTo(fetchMock, 'GET', '/api/me/addresses').map((call) =>
        new URL(call.url, 'http://x').searchParams.get('isWithActiveContractOnly'),
      ),
    ).toContain('true');

    const postal = await screen.findByRole('form', { name: 'Postal address' });
    await userEvent.type(within(postal).getByRole('textbox', { name: 'Street address' }), 'PL 12');
    await userEvent.type(within(postal).getByRole('textbox', { name: 'Postal code' }), '1234');
    await userEvent.type(within(postal).getByRole('textbox', { name: 'City' }), 'Espoo');
    await userEvent.click(within(postal).getByRole('button', { name: 'Save' }));
    expect(await within(postal).findByText('Enter a postal code of this country.')).toBeInTheDocument();
    await userEvent.clear(within(postal).getByRole('textbox', { name: 'Postal code' }));
    await userEvent.type(within(postal).getByRole('textbox', { name: 'Postal code' }), '02101');
    await userEvent.click(within(postal).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Address saved.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/me/addresses/postal')[0]!.body).toEqual({
      street: 'PL 12',
      postalCode: '02101',
      city: 'Espoo',
      countryCode: 'FI',
    });
  });

  it('asks to hear when the power peak is about to rise, with a margin in kW (decision 128)', async () => {
    const email: Contact = { id: 7, name: '', method: 'Email', value: 'aino@example.fi', primary: true };
    let settings: NotificationSetting[] = [];
    const fetchMock = stubApi({
      'GET /api/info': buildActorInfo(),
      'GET /api/me/contacts': [email],
      'GET /api/me/notification-subjects': [{ subject: 'POWER_PEAK', thresholdUnit: null, marginUnit: 'kW' }],
      'GET /api/me/notification-settings': () => settings,
      'POST /api/me/notification-settings': (init: RequestInit | undefined) => {
        const created = { id: 4, ...(JSON.parse(String(init?.body)) as Omit<NotificationSetting, 'id'>) };
        settings = [created];
        return created;
      },
      'PUT /api/me/notification-settings/4': (init: RequestInit | undefined) => {
        settings = [{ ...settings[0]!, ...(JSON.parse(String(init?.body)) as object) }];
        return settings[0];
      },
    });
    await renderSettings('notifications');
    const card = await screen.findByRole('region', { name: 'My power peak is about to rise' });
    await userEvent.click(within(card).getByRole('combobox', { name: 'Add a channel' }));
    await userEvent.click(await screen.findByRole('option', { name: 'E-mail' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/me/notification-settings')).toHaveLength(1));
    // A new setting starts half a kilowatt below the peak.
    expect(callsTo(fetchMock, 'POST', '/api/me/notification-settings')[0]!.body).toEqual({
      subject: 'POWER_PEAK',
      channel: 'Email',
      enabled: true,
      threshold: null,
      contactsIds: [7],
      marginKw: 0.5,
    });

    const form = await within(card).findByRole('form', { name: 'My power peak is about to rise by E-mail' });
    // No thresholds of "below" and "above" here: the margin is measured down from the month's peak.
    expect(within(form).queryByRole('textbox', { name: /Above/ })).not.toBeInTheDocument();
    const margin = within(form).getByRole('textbox', { name: 'Margin below the peak (kW)' });
    expect(margin).toHaveValue('0.5');
    expect(within(form).getByText(/within this margin of this month's power peak/)).toBeInTheDocument();
    await userEvent.clear(margin);
    await userEvent.type(margin, '1.5');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/me/notification-settings/4')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PUT', '/api/me/notification-settings/4')[0]!.body).toEqual({
      enabled: true,
      threshold: null,
      contactsIds: [7],
      marginKw: 1.5,
    });

    // A margin past the widest, sent with Enter before the field clamps it, is named as the margin's own error.
    await userEvent.clear(margin);
    await userEvent.type(margin, '60{Enter}');
    expect(await within(form).findByText('Enter a margin from 0 to 50 kW.')).toBeInTheDocument();
    expect(within(form).queryByText('The upper limit must not be below the lower one.')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/me/notification-settings/4')).toHaveLength(1);
  });

  it('adds a channel for a subject with the primary contact, then saves thresholds as numbers and contact ids as integers', async () => {
    const email: Contact = { id: 7, name: '', method: 'Email', value: 'maria@example.fi', primary: true };
    let settings: NotificationSetting[] = [];
    const fetchMock = stubApi({
      'GET /api/info': buildActorInfo(),
      'GET /api/me/contacts': [email, { id: 8, name: '', method: 'Gsm', value: '+358401234567', primary: true }],
      'GET /api/me/notification-subjects': [{ subject: 'DAILY_CONSUMPTION', thresholdUnit: 'kWh' }],
      'GET /api/me/notification-settings': () => settings,
      'POST /api/me/notification-settings': (init: RequestInit | undefined) => {
        const created = { id: 3, ...(JSON.parse(String(init?.body)) as Omit<NotificationSetting, 'id'>) };
        settings = [created];
        return created;
      },
      'PUT /api/me/notification-settings/3': (init: RequestInit | undefined) => {
        settings = [{ ...settings[0]!, ...(JSON.parse(String(init?.body)) as object) }];
        return settings[0];
      },
    });
    await renderSettings('notifications');
    const card = await screen.findByRole('region', { name: "Yesterday's consumption" });
    expect(within(card).getByText('No channel chosen yet.')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Add' }));
    expect(await within(card).findByText('Choose a channel first.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/me/notification-settings')).toEqual([]);
    await userEvent.click(within(card).getByRole('combobox', { name: 'Add a channel' }));
    await userEvent.click(await screen.findByRole('option', { name: 'E-mail' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/me/notification-settings')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', '/api/me/notification-settings')[0]!.body).toEqual({
      subject: 'DAILY_CONSUMPTION',
      channel: 'Email',
      enabled: true,
      threshold: null,
      contactsIds: [7],
    });

    const form = await within(card).findByRole('form', { name: "Yesterday's consumption by E-mail" });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Below (kWh)' }), '50');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Above (kWh)' }), '10');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The upper limit must not be below the lower one.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/me/notification-settings/3')).toEqual([]);

    await userEvent.clear(within(form).getByRole('textbox', { name: 'Below (kWh)' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/me/notification-settings/3')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PUT', '/api/me/notification-settings/3')[0]!.body).toEqual({
      enabled: true,
      threshold: { lower: null, upper: 10 },
      contactsIds: [7],
    });
  });

  it('offers light, dark and the device scheme', async () => {
    stubApi({ 'GET /api/info': buildActorInfo(), 'GET /api/me': profile, 'GET /api/me/bank-accounts': [] });
    await renderSettings('appearance');
    await userEvent.click(await screen.findByRole('radio', { name: 'Dark' }));
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(document.cookie).toContain('color-scheme=dark');
  });

  it('warns before leaving with unsaved changes and stays when asked to', async () => {
    stubApi({ 'GET /api/info': buildActorInfo(), 'GET /api/me': profile });
    const { router } = await renderSettings('profile');
    await userEvent.type(await screen.findByLabelText('Phone'), '9');
    void router.navigate({ to: '/' });
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(screen.getByLabelText('Phone')).toHaveValue('+3584012345679');
  });
});

describe('/settings/email-confirmation', () => {
  it('confirms the mailed link once signed in and shows the new address, or why it failed', async () => {
    const fetchMock = stubApi({ 'POST /api/me/email-confirmation': { ...profile, email: 'maria.new@example.fi' } });
    await renderWithProviders(<EmailConfirmationPage token="a-token-from-the-mail-0123456789" />, { path: '/settings/email-confirmation' });
    expect(await screen.findByText('Your e-mail address is now maria.new@example.fi.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/me/email-confirmation')).toEqual([
      { url: '/api/me/email-confirmation', body: { token: 'a-token-from-the-mail-0123456789' } },
    ]);
  });

  it('says a used link is used', async () => {
    stubApi({
      'POST /api/me/email-confirmation': json(422, {
        name: 'Unprocessable',
        code: 'EMAIL_LINK_USED',
        message: 'used',
        statusCode: 422,
        customerFacing: true,
      }),
    });
    await renderWithProviders(<EmailConfirmationPage token="a-token-from-the-mail-0123456789" />, { path: '/settings/email-confirmation' });
    expect(await screen.findByTestId('confirmation-failed')).toHaveTextContent('This confirmation link has already been used.');
  });
});
