import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminSiteSettings } from '@portal/schema/admin';
import { callsTo, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { buildSite } from '../../test/test-site.ts';
import { SiteSettingsPage } from './site-settings-page.tsx';

const settings: AdminSiteSettings = {
  id: 'lumo',
  companyName: 'Lumo Energia Oy',
  timezone: 'Europe/Helsinki',
  themeId: 'aurora',
  defaultLocaleId: 'fi-FI',
  locales: [
    { id: 'fi-FI', name: 'Suomi' },
    { id: 'en-GB', name: 'English' },
  ],
  domains: ['localhost', 'oma.lumo.example'],
  features: ['INVOICES'],
  offeredFeatures: ['INVOICES', 'OUTAGES', 'ADMIN_LOCALIZATION'],
  metaFields: [{ name: 'TITLE', content: 'Oma Lumo', localeId: 'fi-FI' }],
  contactLinks: [{ type: 'PHONE', url: 'tel:+358 9 1234', label: '+358 9 1234', localeId: null }],
  links: [],
};
const base = '/api/admin/site/lumo';
const payee = {
  legalName: 'Lumo Energia Oy',
  businessId: '2468135-7',
  vatNumber: 'FI24681357',
  street: 'Mannerheimintie 12',
  postalCode: '00100',
  city: 'Helsinki',
  accounts: [{ iban: 'FI2112345600000785', bic: 'NDEAFIHH' }],
  referenceKind: 'rf' as const,
  epcQr: true,
};

describe('/admin', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers released features by name and saves the switched set', async () => {
    const fetchMock = stubApi({ [`GET ${base}`]: settings, [`PUT ${base}/features`]: { ...settings, features: ['INVOICES', 'OUTAGES'] } });
    await renderWithProviders(<SiteSettingsPage />, { site: buildSite(), path: '/admin' });
    const features = await screen.findByRole('region', { name: 'Features' });
    expect(within(features).getByRole('switch', { name: 'Invoices' })).toBeChecked();
    await userEvent.click(within(features).getByRole('switch', { name: 'Outages and meter events' }));
    expect(within(features).getByRole('switch', { name: "Site's own translations" })).not.toBeChecked();
    await userEvent.click(within(features).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', `${base}/features`)).toEqual([
        expect.objectContaining({ body: { features: ['INVOICES', 'OUTAGES'] } }),
      ]),
    );
  });

  it('keeps the address in use, checks a new one and adds it', async () => {
    const fetchMock = stubApi({ [`GET ${base}`]: settings, [`POST ${base}/domains`]: [...settings.domains, 'portal.lumo.example'] });
    await renderWithProviders(<SiteSettingsPage />, { site: buildSite(), path: '/admin' });
    const domains = await screen.findByRole('region', { name: 'Addresses' });
    expect(within(domains).getByRole('button', { name: 'Remove localhost' })).toBeDisabled();
    expect(within(domains).getByRole('button', { name: 'Remove oma.lumo.example' })).toBeEnabled();
    const input = within(domains).getByRole('textbox', { name: 'New address' });
    await userEvent.type(input, 'https://x.example/path');
    await userEvent.click(within(domains).getByRole('button', { name: 'Add address' }));
    expect(await within(domains).findByText(/Enter a host name such as portal.example.com/)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${base}/domains`)).toHaveLength(0);
    await userEvent.clear(input);
    await userEvent.type(input, 'Portal.Lumo.Example');
    await userEvent.click(within(domains).getByRole('button', { name: 'Add address' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', `${base}/domains`)).toEqual([expect.objectContaining({ body: { host: 'portal.lumo.example' } })]),
    );
  });

  it('shows the 13 themes to choose from and saves the chosen one', async () => {
    const fetchMock = stubApi({ [`GET ${base}`]: settings, [`PATCH ${base}`]: { ...settings, themeId: 'fjord' } });
    await renderWithProviders(<SiteSettingsPage />, { site: buildSite(), path: '/admin' });
    const theme = await screen.findByRole('region', { name: 'Theme' });
    expect(await within(theme).findAllByRole('radio')).toHaveLength(13);
    expect(within(theme).getByRole('radio', { name: 'Theme Lumo Energia' })).toBeChecked();
    await userEvent.click(within(theme).getByRole('radio', { name: 'Theme Vuono Energia' }));
    await userEvent.click(within(theme).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', base)).toEqual([expect.objectContaining({ body: { themeId: 'fjord' } })]));
  });

  it('edits the invoicing and payment details: checks an IBAN in the browser, offers the country’s references, saves them', async () => {
    const fetchMock = stubApi({
      [`GET ${base}`]: settings,
      [`GET ${base}/payee`]: { countryCode: 'FI', payee },
      [`PUT ${base}/payee`]: {
        countryCode: 'FI',
        payee: { ...payee, accounts: [...payee.accounts, { iban: 'FI6157150020012345', bic: 'OKOYFIHH' }] },
      },
    });
    await renderWithProviders(<SiteSettingsPage />, { site: buildSite(), path: '/admin' });
    const section = await screen.findByRole('region', { name: 'Invoicing and payment details' });
    expect(await within(section).findByRole('textbox', { name: 'Business ID' })).toHaveValue('2468135-7');
    await userEvent.click(within(section).getByRole('button', { name: 'Add an account' }));
    await userEvent.type(within(section).getByRole('textbox', { name: 'IBAN of account 2' }), 'FI61 5715 0020 0123 46');
    await userEvent.type(within(section).getByRole('textbox', { name: 'BIC of account 2' }), 'OKOYFIHH');
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('Check this field.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', `${base}/payee`)).toHaveLength(0);
    const iban = within(section).getByRole('textbox', { name: 'IBAN of account 2' });
    await userEvent.clear(iban);
    await userEvent.type(iban, 'FI61 5715 0020 0123 45');
    await userEvent.click(within(section).getByRole('combobox', { name: 'Reference on new invoices' }));
    expect(await screen.findByRole('option', { name: 'RF creditor reference' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /None/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: 'National reference number' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', `${base}/payee`)[0]?.body).toEqual({
        ...payee,
        accounts: [...payee.accounts, { iban: 'FI61 5715 0020 0123 45', bic: 'OKOYFIHH' }],
        referenceKind: 'national',
      }),
    );
  });
});
