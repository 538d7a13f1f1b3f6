import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { buildSite } from '../../test/test-site.ts';
import { AnnouncementsAdminPage } from './announcements-admin-page.tsx';

const site = buildSite({ features: ['PORTAL_ANNOUNCEMENTS'] });
const STORED = {
  id: 'a-1',
  audience: 'utility',
  utility: 'electricity',
  severity: 'warning',
  validFrom: '2020-01-01 00:00',
  validUntil: '2099-01-01 00:00',
  texts: [{ locale: 'en-GB', title: 'Meter change', body: '<p>We change <strong>meters</strong> in December.</p>' }],
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
};
const URL = '/api/admin/site/lumo/announcements';

describe('/admin/announcements', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists announcements, previews the stored banner and deletes after a confirmation', async () => {
    const fetchMock = stubApi({ [`GET ${URL}`]: [STORED], [`DELETE ${URL}/a-1`]: new Response(null, { status: 204 }) });
    await renderWithProviders(<AnnouncementsAdminPage />, { site, path: '/admin/announcements' });
    expect(screen.getByRole('heading', { level: 1, name: 'Announcements' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Announcements of the site' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Meter change');
    expect(row).toHaveTextContent('Warning');
    expect(row).toHaveTextContent('Electricity customers');
    expect(row).toHaveTextContent('01.01.2020 00:00 – 01.01.2099 00:00');
    expect(row).toHaveTextContent('Showing now');

    await userEvent.click(within(row).getByRole('button', { name: 'Preview: Meter change' }));
    const preview = await screen.findByRole('dialog', { name: 'Preview: as customers see it' });
    expect(within(preview).getByRole('status')).toHaveTextContent('Warning: Meter change');
    expect(within(preview).getByText('meters').tagName).toBe('STRONG');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(within(row).getByRole('button', { name: 'Delete: Meter change' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete' });
    expect(confirm).toHaveTextContent('Delete the announcement “Meter change”?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', `${URL}/a-1`)).toHaveLength(1));
  });

  it('checks the form with the shared schema: a text in one language at least, title and text together', async () => {
    const fetchMock = stubApi({ [`GET ${URL}`]: [], [`POST ${URL}`]: { ...STORED, id: 'a-new' } });
    await renderWithProviders(<AnnouncementsAdminPage />, { site, path: '/admin/announcements' });
    expect(await screen.findByText('No announcements yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New announcement' }));
    const dialog = await screen.findByRole('dialog', { name: 'New announcement' });
    expect(
      within(dialog)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Suomi', 'Svenska', 'English']);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Write the title and text in at least one language');
    expect(callsTo(fetchMock, 'POST', URL)).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('tab', { name: 'English' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Storm warning');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Write both the title and the text in this language')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', URL)).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Text/ }), 'Outages are likely tonight.');
    // A utility chosen and then another audience: the hidden choice is dropped, not sent to fail the schema.
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Audience' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Customers of a utility' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Utility/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Gas' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Audience' }));
    await userEvent.click(await screen.findByRole('option', { name: 'All customers' }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Critical' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', URL)).toHaveLength(1));
    const sent = callsTo(fetchMock, 'POST', URL)[0]!.body as { validFrom: string; validUntil: string };
    expect(sent).toMatchObject({
      audience: 'all',
      utility: null,
      severity: 'critical',
      texts: [
        { locale: 'fi-FI', title: '', body: '' },
        { locale: 'sv-FI', title: '', body: '' },
        { locale: 'en-GB', title: 'Storm warning', body: 'Outages are likely tonight.' },
      ],
    });
    // A new announcement starts now on the site's clock and runs a week.
    expect(sent.validFrom).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(sent.validUntil > sent.validFrom).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
