import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../api/query-keys.ts';
import { stubApi } from '../../test/api-stub.ts';
import { buildActorInfo } from '../../test/identity-factories.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { PageTitle } from './page-title.tsx';

describe('PageTitle', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says whose data the page shows when the person acts for a company', async () => {
    stubApi({
      'GET /api/info': buildActorInfo({
        actingAs: 'representative',
        customer: { clientCode: 'LUMO-200001', name: 'Revontuli Sauna Oy', type: 'legal' },
      }),
    });
    await renderWithProviders(<PageTitle title="Invoices" />);
    expect(await screen.findByTestId('page-customer')).toHaveTextContent('Revontuli Sauna Oy · customer LUMO-200001');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Invoices');
  });

  it('adds nothing when the data is the person’s own', async () => {
    stubApi({ 'GET /api/info': buildActorInfo() });
    const { queryClient } = await renderWithProviders(<PageTitle title="Invoices" />);
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.me.info())).toBeDefined());
    expect(screen.queryByTestId('page-customer')).not.toBeInTheDocument();
  });
});
