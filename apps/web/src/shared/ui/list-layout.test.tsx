import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { ListLayout } from './list-layout.tsx';
import { SLOW_CALL_MS, type LoadingQuery } from './load-state.tsx';

const loading = (overrides: Partial<LoadingQuery> = {}): LoadingQuery => ({
  isError: false,
  fetchStatus: 'fetching',
  refetch: vi.fn(),
  ...overrides,
});
const answered = loading({ fetchStatus: 'idle' });

const render = (props: { items?: string[]; query?: LoadingQuery; skeletonCount?: number }) =>
  renderWithProviders(
    <ListLayout
      items={props.items}
      query={props.query ?? answered}
      skeletonCount={props.skeletonCount}
      getKey={(item) => item}
      renderItem={(item) => <span>{item}</span>}
      aria-label="Invoices"
    />,
  );

describe('ListLayout (screen 2)', () => {
  afterEach(() => vi.useRealTimers());

  it('shows three skeleton rows while loading by default', async () => {
    await render({ query: loading() });
    expect(screen.getByRole('status', { name: 'Loading list' })).toBeInTheDocument();
    expect(screen.getAllByTestId('list-skeleton')).toHaveLength(3);
  });

  it('shows as many skeletons as asked', async () => {
    await render({ query: loading(), skeletonCount: 5 });
    expect(screen.getAllByTestId('list-skeleton')).toHaveLength(5);
  });

  it('says a call that takes over 15 s is slow, and tries it again when asked', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const query = loading();
    await render({ query });
    expect(screen.queryByText(/taking longer than usual/)).toBeNull();
    act(() => void vi.advanceTimersByTime(SLOW_CALL_MS));
    expect(screen.getByText(/taking longer than usual/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(query.refetch).toHaveBeenCalledWith({ cancelRefetch: true });
  });

  it('says a call that failed failed, with a retry, instead of an empty list', async () => {
    const query = loading({ isError: true, fetchStatus: 'idle' });
    await render({ query });
    expect(screen.getByRole('alert')).toHaveTextContent('could not be loaded');
    expect(screen.queryByRole('heading', { name: 'Nothing here yet' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(query.refetch).toHaveBeenCalledWith({ cancelRefetch: true });
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
