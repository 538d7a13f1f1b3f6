import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { EChart } from './echart.tsx';

/** The browser's IntersectionObserver, reporting the observed element in view when the test says so. */
function stubViewport() {
  let report: (inView: boolean) => void = () => {};
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        report = (inView) => callback([{ isIntersecting: inView }]);
      }
      observe() {}
      disconnect() {}
    },
  );
  return (inView: boolean) => report(inView);
}

const option = { xAxis: { type: 'category', data: ['a'] }, yAxis: { type: 'value' }, series: [{ type: 'bar', data: [1] }] };

describe('EChart (decision 105)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('loads the chart library only once the chart comes into view', async () => {
    const comeIntoView = stubViewport();
    const imported = vi.fn();
    vi.doMock('./echart-canvas.tsx', () => {
      imported();
      return {
        default: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} data-testid="canvas" />,
      };
    });
    await renderWithProviders(<EChart option={option} height={200} ariaLabel="Consumption by day" />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(imported).not.toHaveBeenCalled();
    // The placeholder already says what the chart will show.
    expect(screen.getByRole('img', { name: 'Consumption by day' })).toBeInTheDocument();
    expect(screen.queryByTestId('canvas')).not.toBeInTheDocument();
    comeIntoView(false);
    expect(imported).not.toHaveBeenCalled();
    comeIntoView(true);
    expect(await screen.findByTestId('canvas')).toHaveAccessibleName('Consumption by day');
    await waitFor(() => expect(imported).toHaveBeenCalledTimes(1));
  });
});
