import { Paper, ScrollArea, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { addDays, daysBetween, formatDay, maxDate } from '@portal/schema/calendar-dates';
import { USAGE_PATTERN_MAX_DAYS, USAGE_PATTERN_SPOT_HOURS, type UsagePattern } from '@portal/schema/energy';
import { formatKwh } from '../../shared/format/energy-format.ts';
import { LoadState } from '../../shared/ui/load-state.tsx';
import { usagePatternQueryOptions } from './readings-queries.ts';
import classes from './usage-pattern-card.module.css';

type Props = { meteringPointId: string; from: string; to: string };

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
/** Shades of the site's primary colour, lightest to darkest: a cell's step is its share of the busiest hour. */
const STEPS = [8, 25, 45, 65, 85] as const;

/** A weekday's name in the reader's language (1 = Monday): 2024-01-01 was a Monday. */
const weekdayName = (weekday: number, locale: string, width: 'short' | 'long') =>
  new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, weekday)));
const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/**
 * "When I use energy" (docs/decisions/111): a week of hours as a table whose cells are shaded by the average use of
 * that hour, each with its value for screen readers and on hover, the busiest hour in words, and for a spot-priced
 * contract the share bought in each day's cheapest and dearest hours. The period is the chart's, at most a year.
 */
export function UsagePatternCard({ meteringPointId, from, to }: Props) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const start = daysBetween(from, to) >= USAGE_PATTERN_MAX_DAYS ? maxDate(from, addDays(to, -(USAGE_PATTERN_MAX_DAYS - 1))) : from;
  const query = useQuery(usagePatternQueryOptions({ meteringPointId, from: start, to }));
  const period = start === to ? formatDay(start) : `${formatDay(start)} – ${formatDay(to)}`;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="section" aria-labelledby="usage-pattern-title">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id="usage-pattern-title">
            {t('charts.pattern.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('charts.pattern.description', { period })}
          </Text>
        </Stack>
        {!query.data ? (
          <LoadState query={query} height={220} />
        ) : query.data.cells.length === 0 ? (
          <Text>{t('charts.pattern.empty')}</Text>
        ) : (
          <PatternBody pattern={query.data} locale={locale} />
        )}
      </Stack>
    </Paper>
  );
}

function PatternBody({ pattern, locale }: { pattern: UsagePattern; locale: string }) {
  const { t } = useTranslation();
  const byCell = new Map(pattern.cells.map((cell) => [`${cell.weekday}-${cell.hour}`, cell.averageKwh]));
  const busiest = pattern.cells.reduce((top, cell) => (cell.averageKwh > top.averageKwh ? cell : top));
  const stepOf = (value: number) => STEPS[Math.min(STEPS.length - 1, Math.floor((value / busiest.averageKwh) * STEPS.length))]!;
  return (
    <>
      {/* The scroll area takes focus, so a keyboard can scroll a week of hours that is wider than a phone. */}
      <ScrollArea type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('charts.pattern.title') }}>
        <Table className={classes.grid} miw={760} aria-label={t('charts.pattern.title')} data-testid="usage-pattern">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" className={classes.day}>
                {t('charts.pattern.day')}
              </Table.Th>
              {HOURS.map((hour) => (
                <Table.Th key={hour} scope="col" className={classes.hour}>
                  {String(hour).padStart(2, '0')}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {WEEKDAYS.map((weekday) => (
              <Table.Tr key={weekday}>
                <Table.Th scope="row" className={classes.day}>
                  {weekdayName(weekday, locale, 'short')}
                </Table.Th>
                {HOURS.map((hour) => {
                  const value = byCell.get(`${weekday}-${hour}`);
                  const text = value === undefined ? '–' : formatKwh(value, locale);
                  return (
                    <Table.Td
                      key={hour}
                      className={classes.cell}
                      style={value === undefined ? undefined : { '--shade': `${stepOf(value)}%` }}
                      title={`${weekdayName(weekday, locale, 'long')} ${hourText(hour)}: ${text}`}
                    >
                      <VisuallyHidden>{text}</VisuallyHidden>
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <Text size="sm">
        {t('charts.pattern.peak', {
          weekday: weekdayName(busiest.weekday, locale, 'long'),
          hour: hourText(busiest.hour),
          kwh: formatKwh(busiest.averageKwh, locale),
        })}
      </Text>
      {pattern.spot && (
        <Text size="sm" data-testid="usage-pattern-spot">
          {t('charts.pattern.spot', {
            hours: pattern.spot.hoursPerDay,
            cheapest: new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(pattern.spot.cheapestPercent),
            dearest: new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(pattern.spot.dearestPercent),
            even: new Intl.NumberFormat(locale).format((USAGE_PATTERN_SPOT_HOURS / 24) * 100),
          })}
        </Text>
      )}
    </>
  );
}
