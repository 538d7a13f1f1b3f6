import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { QuickActions } from './quick-actions.tsx';

describe('QuickActions (screen 1)', () => {
  it('links to charts, contracts and invoices under a title and description', async () => {
    await renderWithProviders(<QuickActions />);
    expect(screen.getByRole('heading', { name: 'Quick actions' })).toBeInTheDocument();
    expect(screen.getByText('Jump straight to what you came for.')).toBeInTheDocument();
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/charts', '/contracts', '/invoices']);
    expect(links[2]).toHaveTextContent('Invoices');
  });
});
