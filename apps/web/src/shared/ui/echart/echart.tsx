import { Skeleton } from '@mantine/core';
import type { EChartsCoreOption } from 'echarts/core';
import { lazy, Suspense } from 'react';

/** ECharts and its renderer load on first use, in their own chunk, so the dashboard's first load stays light. */
const EChartCanvas = lazy(() => import('./echart-canvas.tsx'));

type Props = { option: EChartsCoreOption; height: number; ariaLabel: string };

/** A canvas chart; its text alternative is `ariaLabel`, and pages offer the same data as a table. */
export function EChart({ option, height, ariaLabel }: Props) {
  return (
    <Suspense fallback={<Skeleton height={height} radius="md" aria-hidden />}>
      <EChartCanvas option={option} height={height} ariaLabel={ariaLabel} />
    </Suspense>
  );
}
