import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api-stub.ts';
import { buildActorInfo, buildSession } from '../../test/identity-factories.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { HomePage } from './home-page.tsx';

describe('the home page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers the dashboard to a visitor', async () => {
    stubApi({ 'GET /api/auth/session': null });
    await renderWithProviders(<HomePage />);
    expect(await screen.findByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('tells a signed-in person the utility does not know yet that they have no customer account, instead of empty pages', async () => {
    stubApi({
      'GET /api/auth/session': buildSession({ name: 'Liisa Uusitalo' }),
      'GET /api/info': buildActorInfo({ person: { name: 'Liisa Uusitalo' }, customer: null, staffRoles: [] }),
    });
    await renderWithProviders(<HomePage />);
    expect(await screen.findByText('No customer account yet')).toBeInTheDocument();
    expect(screen.getByText(/has no customer account for you yet/)).toHaveTextContent('Lumo Energia Oy');
    expect(screen.queryByRole('link', { name: 'Go to dashboard' })).not.toBeInTheDocument();
  });
});
