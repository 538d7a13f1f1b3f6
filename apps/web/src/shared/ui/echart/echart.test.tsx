import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { EChart } from './echart.tsx';

/** The browser's IntersectionObserver, reporting the observed element near the screen when the test says so. */
function stubViewport() {
  let report: (near: boolean) => void = () => {};
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        report = (near) => callback([{ isIntersecting: near }]);
      }
      observe() {}
      disconnect() {}
    },
  );
  return (near: boolean) => report(near);
}

const option = { xAxis: { type: 'category', data: ['a'] }, yAxis: { type: 'value' }, series: [{ type: 'bar', data: [1] }] };

describe('EChart (decision 105)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('loads the chart library only once the chart comes near the screen', async () => {
    const comeNear = stubViewport();
    const imported = vi.fn();
    vi.doMock('./echart-canvas.tsx', () => {
      imported();
      return { default: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} /> };
    });
    await renderWithProviders(<EChart option={option} height={200} ariaLabel="Consumption by day" />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(imported).not.toHaveBeenCalled();
    expect(screen.queryByRole('img', { name: 'Consumption by day' })).not.toBeInTheDocument();
    comeNear(false);
    expect(imported).not.toHaveBeenCalled();
    comeNear(true);
    expect(await screen.findByRole('img', { name: 'Consumption by day' })).toBeInTheDocument();
    await waitFor(() => expect(imported).toHaveBeenCalledTimes(1));
  });
});
