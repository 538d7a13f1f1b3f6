import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { buildSite } from '../../test/test-site.ts';
import { QuickActions } from './quick-actions.tsx';

describe('QuickActions (screen 1)', () => {
  it('links only to pages that exist and whose feature the site has, under a title and description', async () => {
    await renderWithProviders(<QuickActions />, { site: buildSite({ features: ['INVOICES'] }), path: '/dashboard' });
    expect(screen.getByRole('heading', { name: 'Quick actions' })).toBeInTheDocument();
    expect(screen.getByText('Jump straight to what you came for.')).toBeInTheDocument();
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/charts', '/invoices']);
    expect(links[1]).toHaveTextContent('Invoices');
  });

  it('leads to the contracts where the site offers them', async () => {
    await renderWithProviders(<QuickActions />, { site: buildSite({ features: ['INVOICES', 'CONTRACTS'] }), path: '/dashboard' });
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/charts', '/contracts', '/invoices']);
    expect(links[1]).toHaveTextContent('Contracts');
  });

  it('leaves out the invoices on a site without the feature', async () => {
    await renderWithProviders(<QuickActions />, { site: buildSite({ features: [] }), path: '/dashboard' });
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/charts']);
  });

  it('moves within the app (the router changes page) instead of loading a new document', async () => {
    const { router } = await renderWithProviders(<QuickActions />, { site: buildSite({ features: ['INVOICES'] }), path: '/dashboard' });
    await userEvent.click(screen.getByRole('link', { name: /Invoices/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices'));
  });
});
