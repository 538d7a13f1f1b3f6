import { Skeleton } from '@mantine/core';
import type { EChartsCoreOption } from 'echarts/core';
import { lazy, Suspense, useCallback, useState } from 'react';

/**
 * ECharts and its renderer (about 150 KB with brotli) load in their own chunk, and only once a chart comes into view
 * (docs/decisions/105): a page whose charts are below the fold, as the dashboard's are on a phone, first loads
 * without them.
 */
const EChartCanvas = lazy(() => import('./echart-canvas.tsx'));

type Props = { option: EChartsCoreOption; height: number; ariaLabel: string };

/**
 * A canvas chart; its text alternative is `ariaLabel`, and pages offer the same data as a table. The placeholder
 * carries the same text alternative: what the chart says is there before it is drawn, for a screen reader and for
 * a chart scrolled past unseen.
 */
export function EChart({ option, height, ariaLabel }: Props) {
  const [watch, inView] = useInView();
  const placeholder = <Skeleton ref={watch} height={height} radius="md" role="img" aria-label={ariaLabel} />;
  if (!inView) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <EChartCanvas option={option} height={height} ariaLabel={ariaLabel} />
    </Suspense>
  );
}

/**
 * A ref for the placeholder, and whether it has come into view: a chart starts loading as its first row of pixels
 * scrolls in (at once where the browser cannot tell), its skeleton holding its place meanwhile.
 */
function useInView(): [(element: HTMLDivElement | null) => (() => void) | undefined, boolean] {
  const [inView, setInView] = useState(false);
  const watch = useCallback((element: HTMLDivElement | null) => {
    if (!element) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return undefined;
    }
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setInView(true));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [watch, inView];
}
