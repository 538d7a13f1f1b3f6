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
});
