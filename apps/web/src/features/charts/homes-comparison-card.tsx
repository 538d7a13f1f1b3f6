import { Button, Group, Paper, Progress, ScrollArea, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  FLOOR_AREA_BANDS,
  HEATINGS,
  HOME_KINDS,
  homeDetailsRequest,
  type FloorAreaBand,
  type HomeDetails,
  type HomesComparison,
} from '@portal/schema/homes-comparison';
import { formatKwh } from '../../shared/format/energy-format.ts';
import { zodFormResolver } from '../../shared/forms/zod-form-resolver.ts';
import { useChartTheme } from '../../shared/ui/echart/chart-theme.ts';
import { LoadState } from '../../shared/ui/load-state.tsx';
import { homesComparisonQueryOptions, useSaveHomeDetails } from './homes-comparison-queries.ts';

/** The month's name and year in the reader's language, from YYYY-MM. */
const monthName = (month: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T12:00:00Z`));

/**
 * Homes like mine (issue 28, docs/decisions/123), under the chart of the chosen metering point: its last twelve whole
 * months beside the median and the efficient quarter of at least 20 similar homes of the site, the group told in
 * words; a table that is its own bar chart (the bars are drawn for the eye, the figures are read). When the home is
 * not described yet, or its group is too small, the card says so, and the customer can describe their home.
 */
export function HomesComparisonCard({ meteringPointId }: { meteringPointId: string }) {
  const { t } = useTranslation();
  const query = useQuery(homesComparisonQueryOptions(meteringPointId));
  const [editing, setEditing] = useState(false);
  const data = query.data;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="section" aria-labelledby="homes-comparison-title">
      <Stack gap="sm" data-testid="homes-comparison">
        <Stack gap={2}>
          <Title order={2} size="h4" id="homes-comparison-title">
            {t('charts.homes.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('charts.homes.description')}
          </Text>
        </Stack>
        {!data ? (
          <LoadState query={query} height={220} />
        ) : (
          <>
            {data.status === 'home-unknown' && <Text>{t('charts.homes.unknown')}</Text>}
            {data.status === 'too-few-homes' && data.group && (
              <Text data-testid="homes-comparison-too-few">
                {t('charts.homes.too-few', { minimum: data.minimumHomes, group: groupWords(t, data.group) })}
              </Text>
            )}
            {data.status === 'available' && <ComparisonBody comparison={data} />}
            {data.status === 'home-unknown' || editing ? (
              <HomeForm
                meteringPointId={meteringPointId}
                home={data.home}
                onDone={() => setEditing(false)}
                onCancel={data.status === 'home-unknown' ? undefined : () => setEditing(false)}
              />
            ) : (
              <Group>
                <Button variant="default" size="sm" onClick={() => setEditing(true)}>
                  {t('charts.homes.form.edit')}
                </Button>
              </Group>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** "Detached houses, heat pump, 150–200 m²": the group's description, with what it leaves out left out. */
function groupWords(t: TFunction, group: Pick<NonNullable<HomesComparison['group']>, 'homeKind' | 'heating' | 'floorAreaBand'>): string {
  return [
    t(`charts.homes.kinds.${group.homeKind}`),
    group.heating && t(`charts.homes.heating.${group.heating}`).toLocaleLowerCase(),
    group.floorAreaBand && t(`charts.homes.size.${group.floorAreaBand}`),
  ]
    .filter(Boolean)
    .join(', ');
}

function ComparisonBody({ comparison }: { comparison: HomesComparison }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const theme = useChartTheme();
  const colours = theme.colorsFor(comparison.utility).consumption;
  const group = comparison.group!;
  const words = groupWords(t, group);
  const tableLabel = t('charts.homes.table', { group: words });
  const largest = Math.max(1, ...comparison.months.flatMap((month) => [month.myKwh ?? 0, month.medianKwh, month.efficientKwh]));
  const total = (pick: (month: HomesComparison['months'][number]) => number | null) =>
    comparison.months.reduce((sum, month) => sum + (pick(month) ?? 0), 0);
  const columns = [
    { key: 'mine', label: t('charts.homes.mine'), value: (month: HomesComparison['months'][number]) => month.myKwh, colour: colours[0] },
    {
      key: 'median',
      label: t('charts.homes.median'),
      value: (month: HomesComparison['months'][number]) => month.medianKwh,
      colour: colours[2],
    },
    {
      key: 'efficient',
      label: t('charts.homes.efficient'),
      value: (month: HomesComparison['months'][number]) => month.efficientKwh,
      colour: colours[1],
    },
  ] as const;
  return (
    <>
      <Text fw={600} data-testid="homes-comparison-group">
        {t('charts.homes.group', { group: words, homes: group.homes ?? 0 })}
      </Text>
      {group.widened && <Text size="sm">{t('charts.homes.widened')}</Text>}
      <Text size="sm">
        {t('charts.homes.summary', {
          mine: formatKwh(
            total((month) => month.myKwh),
            locale,
          ),
          median: formatKwh(
            total((month) => month.medianKwh),
            locale,
          ),
          efficient: formatKwh(
            total((month) => month.efficientKwh),
            locale,
          ),
        })}
      </Text>
      {/* The scroll area takes focus, so a keyboard can scroll the table on a phone; it is named as the table is. */}
      <ScrollArea type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': tableLabel }}>
        <Table miw={560} aria-label={tableLabel} data-testid="homes-comparison-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('charts.homes.month')}</Table.Th>
              {columns.map((column) => (
                <Table.Th key={column.key} scope="col" ta="right">
                  {column.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {comparison.months.map((month) => (
              <Table.Tr key={month.month}>
                <Table.Th scope="row" fw={400}>
                  {monthName(month.month, locale)}
                </Table.Th>
                {columns.map((column) => {
                  const value = column.value(month);
                  return (
                    <Table.Td key={column.key} ta="right">
                      <Stack gap={4}>
                        <Text size="sm">{value === null ? '–' : formatKwh(value, locale)}</Text>
                        <Progress value={((value ?? 0) / largest) * 100} size="sm" color={column.colour} aria-hidden />
                      </Stack>
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <Text size="xs" c="dimmed">
        {t('charts.homes.efficient-note')}
      </Text>
    </>
  );
}

type FormValues = { homeKind: string | null; heating: string | null; floorAreaBand: string | null };

function HomeForm({
  meteringPointId,
  home,
  onDone,
  onCancel,
}: {
  meteringPointId: string;
  home: HomeDetails;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveHomeDetails();
  const form = useForm<FormValues>({
    initialValues: { homeKind: home.homeKind, heating: home.heating, floorAreaBand: home.floorAreaBand },
    validate: (values) => zodFormResolver(homeDetailsRequest, () => t('charts.homes.form.required'))({ meteringPointId, ...values }),
  });
  const submit = form.onSubmit((values) => {
    const request = homeDetailsRequest.parse({ meteringPointId, ...values, floorAreaBand: values.floorAreaBand as FloorAreaBand | null });
    save.mutate(request, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('charts.homes.form.saved') });
        onDone();
      },
    });
  });
  return (
    <form onSubmit={submit} noValidate aria-labelledby="homes-form-title">
      <Stack gap="sm" maw={480}>
        <Text fw={600} id="homes-form-title">
          {t('charts.homes.form.title')}
        </Text>
        <Select
          label={t('charts.homes.form.kind')}
          required
          data={HOME_KINDS.map((kind) => ({ value: kind, label: t(`charts.homes.kind.${kind}`) }))}
          {...form.getInputProps('homeKind')}
        />
        <Select
          label={t('charts.homes.form.heating')}
          required
          data={HEATINGS.map((heating) => ({ value: heating, label: t(`charts.homes.heating.${heating}`) }))}
          {...form.getInputProps('heating')}
        />
        <Select
          label={t('charts.homes.form.size')}
          description={t('charts.homes.form.size-description')}
          clearable
          data={FLOOR_AREA_BANDS.map((band) => ({ value: band, label: t(`charts.homes.size.${band}`) }))}
          {...form.getInputProps('floorAreaBand')}
        />
        <Group gap="sm">
          <Button type="submit" loading={save.isPending}>
            {t('charts.homes.form.save')}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('charts.homes.form.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
