import { Skeleton } from '@mantine/core';
import type { EChartsCoreOption } from 'echarts/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';

/**
 * ECharts and its renderer (about 150 KB with brotli) load in their own chunk, and only once a chart comes into view
 * (docs/decisions/105): a page whose charts are below the fold, as the dashboard's are on a phone, first loads
 * without them.
 */
const EChartCanvas = lazy(() => import('./echart-canvas.tsx'));

/** A chart starts loading as its first row of pixels scrolls in; its skeleton holds its place meanwhile. */
const LOAD_AHEAD = '0px';

type Props = { option: EChartsCoreOption; height: number; ariaLabel: string };

/** A canvas chart; its text alternative is `ariaLabel`, and pages offer the same data as a table. */
export function EChart({ option, height, ariaLabel }: Props) {
  const inView = useInView();
  const placeholder = <Skeleton ref={inView.ref} height={height} radius="md" aria-hidden />;
  if (!inView.seen) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <EChartCanvas option={option} height={height} ariaLabel={ariaLabel} />
    </Suspense>
  );
}

/** True once the element has come into view (at once where the browser cannot tell). */
function useInView() {
  const ref = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setSeen(true), {
      rootMargin: LOAD_AHEAD,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);
  return { ref, seen };
}
