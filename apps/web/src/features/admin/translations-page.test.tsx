import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminTranslations } from '@portal/schema/admin';
import { callsTo, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { buildSite } from '../../test/test-site.ts';
import { TranslationsPage } from './translations-page.tsx';

const site = buildSite({ features: ['ADMIN_LOCALIZATION'] });
const translations: AdminTranslations = {
  locale: 'en-GB',
  entries: [
    { key: 'home.missing', defaultText: null, fallbackText: 'Hello {name}', override: null },
    { key: 'home.title', defaultText: 'Welcome to your portal', fallbackText: 'Welcome to your portal', override: null },
    { key: 'nav.invoices', defaultText: 'Invoices', fallbackText: 'Invoices', override: 'Bills' },
  ],
};
const base = '/api/admin/site/lumo/translations';

describe('/admin/translations', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists missing texts first with the English text, and finds texts by key or text', async () => {
    stubApi({ [`GET ${base}`]: translations });
    await renderWithProviders(<TranslationsPage />, { site, path: '/admin/translations' });
    const table = await screen.findByRole('table', { name: 'Translations' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('home.missing');
    expect(rows[0]).toHaveTextContent('Missing');
    expect(rows[0]).toHaveTextContent('Hello {name}');
    expect(rows[2]).toHaveTextContent('Bills');

    await userEvent.type(screen.getByRole('textbox', { name: 'Search by key or text' }), 'bills');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(screen.getByText('1 text')).toBeInTheDocument();
  });

  it('checks ICU syntax before saving, previews the text and saves it', async () => {
    const fetchMock = stubApi({
      [`GET ${base}`]: translations,
      [`PATCH ${base}`]: {
        ...translations,
        entries: translations.entries.map((e) => (e.key === 'home.missing' ? { ...e, override: 'Hei {name}!' } : e)),
      },
    });
    await renderWithProviders(<TranslationsPage />, { site, path: '/admin/translations' });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit home.missing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit text' });
    const text = within(dialog).getByRole('textbox', { name: "Site's text" });
    await userEvent.clear(text);
    await userEvent.type(text, 'Hei {{name');
    expect(await within(dialog).findByText(/The text is not a valid ICU message/)).toBeInTheDocument();
    expect(within(dialog).getByText('The preview appears when the text is valid.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(callsTo(fetchMock, 'PATCH', base)).toHaveLength(0);

    await userEvent.clear(text);
    await userEvent.type(text, 'Hei {{stranger}');
    expect(await within(dialog).findByText('The text uses stranger, which the page does not provide.')).toBeInTheDocument();

    await userEvent.clear(text);
    await userEvent.type(text, 'Hei {{name}!');
    expect(await within(dialog).findByTestId('translation-preview')).toHaveTextContent('Hei ‹name›!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', base)).toHaveLength(1));
    const [call] = callsTo(fetchMock, 'PATCH', base);
    expect(call!.url).toContain('locale=en-GB');
    expect(call!.body).toEqual({ translations: { 'home.missing': 'Hei {name}!' } });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("reverts the site's own text to the default", async () => {
    const fetchMock = stubApi({ [`GET ${base}`]: translations, [`PATCH ${base}`]: translations });
    await renderWithProviders(<TranslationsPage />, { site, path: '/admin/translations' });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit nav.invoices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit text' });
    expect(within(dialog).getByText('This site has its own text here.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revert to default' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH', base)).toEqual([expect.objectContaining({ body: { translations: { 'nav.invoices': null } } })]),
    );
    expect(await screen.findByText('The default text is back.')).toBeInTheDocument();
  });
});
