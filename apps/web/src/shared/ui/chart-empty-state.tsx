import { Box } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './list-layout.tsx';
import classes from './chart-empty-state.module.css';

/** Screen 2: the placeholder a bar chart shows when its period has no data, at the chart's own height. */
export function ChartEmptyState({ height = 320 }: { height?: number }) {
  const { t } = useTranslation();
  return (
    <Box className={classes.placeholder} h={height} role="img" aria-label={t('chart.empty.title')}>
      <div className={classes.bars} aria-hidden>
        {[40, 65, 30, 80, 55, 70, 45].map((barHeight, index) => (
          <span key={index} style={{ height: `${barHeight}%` }} />
        ))}
      </div>
      <div className={classes.message}>
        <EmptyState title={t('chart.empty.title')} description={t('chart.empty.description')} icon={<IconChartBar size={30} />} />
      </div>
    </Box>
  );
}
