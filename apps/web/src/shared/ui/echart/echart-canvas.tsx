import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useReducedMotion } from '@mantine/hooks';
import { useEffect, useRef } from 'react';

// Only what the portal draws: bars and lines on a grid with tooltip, legend and a "now" marker.
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, MarkLineComponent, TooltipComponent, CanvasRenderer]);

type Props = { option: echarts.EChartsCoreOption; height: number; ariaLabel: string };

export default function EChartCanvas({ option, height, ariaLabel }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  // Bars that grow into place are motion a device set to reduce it should not get (decision 125). Read at once, not
  // after a first draw: a chart is drawn in the browser only (it loads when it scrolls into view).
  const animation = !useReducedMotion(false, { getInitialValueInEffect: false });

  useEffect(() => {
    const element = container.current!;
    const instance = echarts.init(element, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption({ ...option, animation }, { notMerge: true });
  }, [option, animation]);

  return <div ref={container} style={{ width: '100%', height }} role="img" aria-label={ariaLabel} />;
}
