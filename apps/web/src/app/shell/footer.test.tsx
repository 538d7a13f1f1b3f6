import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { Footer } from './footer.tsx';

describe('Footer (screen 7)', () => {
  it('shows the contact row with a divider between links', async () => {
    await renderWithProviders(<Footer />);
    const contacts = screen.getByRole('region', { name: 'Contact us' });
    expect(within(contacts).getByRole('link', { name: 'Phone +358 9 4250 1000' })).toHaveAttribute('href', 'tel:+358942501000');
    expect(within(contacts).getAllByRole('link')).toHaveLength(2);
    expect(contacts.querySelectorAll('.mantine-Divider-root')).toHaveLength(1);
  });

  it('leaves links that carry a locale out of the link row and opens every link in a new tab without referrer', async () => {
    await renderWithProviders(<Footer />);
    const row = screen.getByRole('navigation', { name: 'Useful links' });
    const links = within(row).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://lumo.example/privacy', 'https://lumo.example/terms']);
    for (const link of screen.getAllByRole('link')) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toContain('noreferrer');
    }
  });
});
