import { Badge, ScrollArea, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCelsius, formatCents, formatCentsPerKwh, formatKwh } from '../../shared/format/energy-format.ts';
import { formatBucket } from '../../shared/format/site-time.ts';
import type { ReadingRow } from './reading-rows.ts';

type Props = {
  rows: ReadingRow[];
  caption: string;
  timezone: string;
  resolution: string;
  seriesLabel: string;
  comparisonLabel: string | null;
  showCost: boolean;
  showPrice: boolean;
  showTemperature: boolean;
};

/** The chart's data as a table: its text alternative for screen readers and keyboard users; the scroll area takes focus so arrow keys scroll it. */
export function ReadingsTable({
  rows,
  caption,
  timezone,
  resolution,
  seriesLabel,
  comparisonLabel,
  showCost,
  showPrice,
  showTemperature,
}: Props) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const empty = '–';
  return (
    <ScrollArea.Autosize mah={480} type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': caption }}>
      <Table striped highlightOnHover stickyHeader captionSide="top" aria-label={caption}>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('charts.table.time')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {seriesLabel}
            </Table.Th>
            {comparisonLabel && (
              <Table.Th scope="col" ta="right">
                {comparisonLabel}
              </Table.Th>
            )}
            {showCost && (
              <Table.Th scope="col" ta="right">
                {t('charts.cost')}
              </Table.Th>
            )}
            {showPrice && (
              <Table.Th scope="col" ta="right">
                {t('charts.table.price')}
              </Table.Th>
            )}
            {showTemperature && (
              <Table.Th scope="col" ta="right">
                {t('charts.series.temperature')}
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.date}>
              <Table.Th scope="row" fw={400}>
                {formatBucket(row.date, timezone, resolution)}
                {row.estimated && (
                  <Badge ml="xs" size="xs" variant="outline" color="gray">
                    {t('charts.estimated')}
                  </Badge>
                )}
              </Table.Th>
              <Table.Td ta="right">{row.value === null ? empty : formatKwh(row.value, locale)}</Table.Td>
              {comparisonLabel && <Table.Td ta="right">{row.comparison === null ? empty : formatKwh(row.comparison, locale)}</Table.Td>}
              {showCost && <Table.Td ta="right">{row.costCents === null ? empty : formatCents(row.costCents, locale)}</Table.Td>}
              {showPrice && <Table.Td ta="right">{row.price === null ? empty : formatCentsPerKwh(row.price, locale)}</Table.Td>}
              {showTemperature && (
                <Table.Td ta="right">{row.temperature === null ? empty : formatCelsius(row.temperature, locale)}</Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
