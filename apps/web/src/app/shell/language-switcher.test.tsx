import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSite } from '../../test/test-site.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';

describe('LanguageSwitcher (screen 6)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows one button per site locale by full name, the active one marked', async () => {
    await renderWithProviders(<LanguageSwitcher />);
    const group = screen.getByRole('group', { name: 'Language' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['FISuomi', 'SVSvenska', 'ENEnglish']);
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Suomi' })).not.toHaveAttribute('aria-current');
  });

  it('is drawn the same on every screen, the stylesheet choosing code or name: nothing moves when the app takes over', async () => {
    const drawnOn = async (phone: boolean) => {
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: phone,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }));
      const { container, unmount } = await renderWithProviders(<LanguageSwitcher />);
      const html = container.querySelector('[role="group"]')!.outerHTML;
      unmount();
      return html;
    };
    expect(await drawnOn(true)).toBe(await drawnOn(false));
  });

  it('is hidden when the site has one locale or none', async () => {
    await renderWithProviders(<LanguageSwitcher />, { site: buildSite({ locales: [{ id: 'lv-LV', name: 'Latviešu' }] }) });
    expect(screen.queryByRole('group', { name: 'Language' })).toBeNull();
  });

  it('switches language, remembers it in the locale cookie and keeps path and query', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ 'language.label': 'Kieli' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = await renderWithProviders(<LanguageSwitcher />, { path: '/dashboard?period=month' });
    await userEvent.click(screen.getByRole('button', { name: 'Suomi' }));
    await waitFor(() => expect(screen.getByRole('group', { name: 'Kieli' })).toBeInTheDocument());
    expect(String(fetchMock.mock.calls[0]?.[0 as never])).toBe('/api/translations/fi-FI?form=compiled');
    expect(document.cookie).toContain('NEXT_LOCALE=fi-FI');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(router.state.location.search).toEqual({ period: 'month' });
    // The page's lang is set once the date locale has loaded, which may come a moment after the new texts.
    await waitFor(() => expect(document.documentElement.lang).toBe('fi'));
  });
});
