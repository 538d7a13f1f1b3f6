import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { ListLayout } from './list-layout.tsx';

const render = (props: { items?: string[]; isLoading?: boolean; skeletonCount?: number }) =>
  renderWithProviders(
    <ListLayout
      items={props.items}
      isLoading={props.isLoading ?? false}
      skeletonCount={props.skeletonCount}
      getKey={(item) => item}
      renderItem={(item) => <span>{item}</span>}
      aria-label="Invoices"
    />,
  );

describe('ListLayout (screen 2)', () => {
  it('shows three skeleton rows while loading by default', async () => {
    await render({ isLoading: true });
    expect(screen.getByRole('status', { name: 'Loading list' })).toBeInTheDocument();
    expect(screen.getAllByTestId('list-skeleton')).toHaveLength(3);
  });

  it('shows as many skeletons as asked', async () => {
    await render({ isLoading: true, skeletonCount: 5 });
    expect(screen.getAllByTestId('list-skeleton')).toHaveLength(5);
  });

  it('shows the empty state when there is nothing', async () => {
    await render({ items: [] });
    expect(screen.getByRole('heading', { name: 'Nothing here yet' })).toBeInTheDocument();
  });

  it('lists the items', async () => {
    await render({ items: ['INV-1', 'INV-2'] });
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['INV-1', 'INV-2']);
  });
});
