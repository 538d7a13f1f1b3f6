import { Skeleton } from '@mantine/core';
import type { EChartsCoreOption } from 'echarts/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';

/**
 * ECharts and its renderer (about 150 KB with brotli) load in their own chunk, and only once a chart comes near the
 * screen (docs/decisions/105): a page whose charts are below the fold, as the dashboard's are on a phone, first loads
 * without them.
 */
const EChartCanvas = lazy(() => import('./echart-canvas.tsx'));

/** How near the screen a chart starts loading: about a screen's scroll ahead, so it is drawn by the time it is seen. */
const LOAD_AHEAD = '600px 0px';

type Props = { option: EChartsCoreOption; height: number; ariaLabel: string };

/** A canvas chart; its text alternative is `ariaLabel`, and pages offer the same data as a table. */
export function EChart({ option, height, ariaLabel }: Props) {
  const near = useNearScreen();
  const placeholder = <Skeleton ref={near.ref} height={height} radius="md" aria-hidden />;
  if (!near.seen) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <EChartCanvas option={option} height={height} ariaLabel={ariaLabel} />
    </Suspense>
  );
}

/** True once the element has come within LOAD_AHEAD of the screen (at once where the browser cannot tell). */
function useNearScreen() {
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
