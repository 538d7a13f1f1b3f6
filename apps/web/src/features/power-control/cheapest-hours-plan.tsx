import { Alert, Badge, Button, Group, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { unitText } from '@portal/schema/units';
import { useForm } from '@mantine/form';
import { planRequest, type ControllableLoad, type LoadPlan, type PlanPreview, type PlanRequest } from '@portal/schema/power';
import { ApiError } from '../../shared/api/api-error.ts';
import { zodFormResolver } from '../../shared/forms/zod-form-resolver.ts';
import { formatCents, formatCentsPerKwh } from '../../shared/format/energy-format.ts';
import { formatDateTime, inSiteTime } from '../../shared/format/site-time.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { useChartTheme, type ChartTheme } from '../../shared/ui/echart/chart-theme.ts';
import { EChart } from '../../shared/ui/echart/echart.tsx';
import { openConfirm } from '../../shared/ui/confirm-modal.ts';
import { cancelPlan, createPlan, usePlanChange, usePlans, usePreviewPlan } from './plan-queries.ts';
import { PlanPeakNote } from './plan-peak-note.tsx';

const HOUR = 3_600_000;
/** The window the form offers: the next day and a half (the server says when prices are not out yet). */
const OFFERED_HOURS = 36;
/**
 * "Ready by" starts six hours ahead: always within published prices (today's are out all day, tomorrow's from about
 * 14:00 CET), so a first click never meets a refusal; a longer window is one choice away.
 */
const DEFAULT_END_INDEX = 4;

/** The start of the current hour: where a plan made now begins. */
const currentHour = () => new Date(Math.floor(Date.now() / HOUR) * HOUR).toISOString();

/** The server's request schema, and the hours must fit between now and the chosen end. */
const withinWindow = planRequest.refine((request) => request.hours * HOUR <= Date.parse(request.windowEnd) - Date.parse(currentHour()), {
  path: ['hours'],
});

/** An hour's price with the VAT in force on its day (each hour carries its rate: a window may cross a change). */
const withVat = (hour: PlanPreview['hours'][number]) => (hour.centsPerKwh * (1000 + hour.vatPermille)) / 1000;

/**
 * ★ Cheapest-hours plan of a load that can wait: how many hours it needs before when; the portal picks the
 * cheapest hours from the spot prices, shows them on the price chart with the saving against running at once,
 * and switches the relay at those hours.
 */
export function CheapestHoursPlan({ loads }: { loads: ControllableLoad[] }) {
  const { t, i18n } = useTranslation();
  const site = useSite();
  const plans = usePlans();
  const preview = usePreviewPlan();
  const create = usePlanChange(createPlan);
  const cancel = usePlanChange(cancelPlan);
  // The hours offered for the window's end count from the hour the page opened.
  const [openedAt] = useState(() => Math.floor(Date.now() / HOUR) * HOUR);
  const endOptions = useMemo(
    () =>
      Array.from({ length: OFFERED_HOURS }, (_, index) => {
        const at = openedAt + (index + 2) * HOUR;
        return { value: new Date(at).toISOString(), label: formatDateTime(at, site.timezone) };
      }),
    [openedAt, site.timezone],
  );
  const form = useForm<PlanRequest>({
    initialValues: {
      loadId: loads[0]!.id,
      windowStart: new Date(openedAt).toISOString(),
      windowEnd: endOptions[DEFAULT_END_INDEX]!.value,
      hours: 3,
    },
    validate: zodFormResolver(withinWindow, () => t('power.plan.hours-invalid')),
  });
  const [problem, setProblem] = useState<string | null>(null);
  const current = plans.data?.find((plan) => plan.loadId === form.values.loadId && plan.status === 'scheduled');
  const explain = (error: unknown) =>
    setProblem(error instanceof ApiError && error.code ? t(`power.refusal.${error.code}`, { defaultValue: error.message }) : String(error));

  const find = form.onSubmit((request) => {
    setProblem(null);
    // The window starts at the hour of the click: a page left open past the hour still plans from now.
    preview.mutate({ ...request, windowStart: currentHour() }, { onError: explain });
  });
  const schedule = (shown: PlanPreview) =>
    create.mutate(
      { loadId: shown.loadId, windowStart: shown.windowStart, windowEnd: shown.windowEnd, hours: shown.hoursNeeded },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: t('power.plan.scheduled', { saving: formatCents(shown.savingCents, i18n.language) }),
          });
          preview.reset();
        },
        onError: explain,
      },
    );
  const askCancel = (plan: LoadPlan) =>
    openConfirm({
      title: t('power.plan.cancel.title'),
      children: <Text size="sm">{t('power.plan.cancel.body', { name: plan.loadName })}</Text>,
      onConfirm: () => cancel.mutate(plan.id, { onError: explain }),
    });

  return (
    <Stack gap="sm" component="section" aria-labelledby={`plan-title-${loads[0]!.id}`}>
      <Title order={3} size="h4" id={`plan-title-${loads[0]!.id}`}>
        {t('power.plan.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('power.plan.description')}
      </Text>
      {current && <CurrentPlan plan={current} onCancel={() => askCancel(current)} />}
      <form onSubmit={find} noValidate>
        <Group align="flex-start" wrap="wrap" gap="sm">
          {loads.length > 1 && (
            <Select
              label={t('power.plan.load')}
              data={loads.map((load) => ({ value: load.id, label: load.name }))}
              allowDeselect={false}
              {...form.getInputProps('loadId')}
            />
          )}
          <NumberInput label={t('power.plan.hours')} min={1} max={OFFERED_HOURS} w={140} {...form.getInputProps('hours')} />
          <Select
            label={t('power.plan.ready-by')}
            data={endOptions}
            allowDeselect={false}
            searchable
            w={200}
            {...form.getInputProps('windowEnd')}
          />
          <Button type="submit" loading={preview.isPending} mt={25}>
            {t('power.plan.find')}
          </Button>
        </Group>
      </form>
      <Text size="xs" c="dimmed">
        {t('power.plan.prices-note')}
      </Text>
      {problem && (
        <Alert color="yellow" role="alert" title={t('power.plan.problem')}>
          {problem}
        </Alert>
      )}
      {preview.data && (
        <PlanResult preview={preview.data} scheduling={create.isPending} onSchedule={() => schedule(preview.data)} blocked={!!current} />
      )}
    </Stack>
  );
}

function CurrentPlan({ plan, onCancel }: { plan: LoadPlan; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const site = useSite();
  const chosen = plan.hours.filter((hour) => hour.chosen).map((hour) => inSiteTime(hour.startsAt, site.timezone).format('HH:mm'));
  return (
    <Alert color="blue" title={t('power.plan.current.title', { name: plan.loadName })} data-testid="current-plan">
      <Stack gap={4}>
        <Text size="sm">
          {t('power.plan.current.body', {
            hours: chosen.join(', '),
            end: formatDateTime(plan.windowEnd, site.timezone),
            saving: formatCents(plan.savingCents, i18n.language),
          })}
        </Text>
        <Group>
          <Button size="xs" variant="light" color="red" onClick={onCancel}>
            {t('power.plan.cancel.action')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function PlanResult({
  preview,
  scheduling,
  onSchedule,
  blocked,
}: {
  preview: PlanPreview;
  scheduling: boolean;
  onSchedule: () => void;
  blocked: boolean;
}) {
  const { t, i18n } = useTranslation();
  const site = useSite();
  const theme = useChartTheme();
  const money = (cents: number) => formatCents(cents, i18n.language);
  const price = (hour: PlanPreview['hours'][number]) => formatCentsPerKwh(withVat(hour), i18n.language);
  const chosen = preview.hours.filter((hour) => hour.chosen);
  return (
    <Stack gap="xs" data-testid="plan-preview">
      <Group gap="xs" wrap="wrap">
        <Badge color="green" size="lg" variant="dot" data-testid="plan-saving">
          {preview.savingCents > 0 ? t('power.plan.saving', { saving: money(preview.savingCents) }) : t('power.plan.no-saving')}
        </Badge>
        <Text size="sm">{t('power.plan.costs', { planned: money(preview.plannedCostCents), atOnce: money(preview.atOnceCostCents) })}</Text>
      </Group>
      <EChart
        option={planChartOption(
          preview,
          theme,
          site.timezone,
          price,
          t('power.plan.chosen'),
          t('power.plan.other'),
          unitText('c/kWh', i18n.language),
        )}
        height={200}
        ariaLabel={t('power.plan.chart-alt', {
          hours: chosen.map((hour) => inSiteTime(hour.startsAt, site.timezone).format('HH:mm')).join(', '),
        })}
      />
      <PlanPeakNote preview={preview} timezone={site.timezone} />
      <Group>
        <Button onClick={onSchedule} loading={scheduling} disabled={blocked}>
          {t('power.plan.schedule')}
        </Button>
        {blocked && (
          <Text size="sm" c="dimmed">
            {t('power.plan.blocked')}
          </Text>
        )}
      </Group>
    </Stack>
  );
}

function planChartOption(
  preview: PlanPreview,
  theme: ChartTheme,
  timezone: string,
  price: (hour: PlanPreview['hours'][number]) => string,
  chosenLabel: string,
  otherLabel: string,
  priceUnit: string,
): EChartsCoreOption {
  const colours = theme.colorsFor('electricity');
  const cents = (hour: PlanPreview['hours'][number]) => Math.round(withVat(hour) * 100) / 100;
  return {
    animationDuration: 300,
    textStyle: { fontFamily: theme.fontFamily },
    grid: { left: 40, right: 8, top: 28, bottom: 24 },
    legend: { top: 0, textStyle: { color: theme.text }, data: [chosenLabel, otherLabel] },
    tooltip: {
      trigger: 'axis',
      backgroundColor: theme.surface,
      borderColor: theme.border,
      textStyle: { color: theme.text },
      formatter: (params: { dataIndex: number }[]) => {
        const hour = preview.hours[params[0]?.dataIndex ?? 0]!;
        const start = inSiteTime(hour.startsAt, timezone);
        return `${start.format('DD.MM. HH:mm')}–${start.add(1, 'hour').format('HH:mm')}<br/><strong>${price(hour)}</strong>`;
      },
    },
    xAxis: {
      type: 'category',
      data: preview.hours.map((hour) => inSiteTime(hour.startsAt, timezone).format('HH')),
      axisLabel: { color: theme.dimmed },
      axisLine: { lineStyle: { color: theme.border } },
    },
    yAxis: { type: 'value', name: priceUnit, axisLabel: { color: theme.dimmed }, splitLine: { lineStyle: { color: theme.border } } },
    series: [
      {
        name: chosenLabel,
        type: 'bar',
        stack: 'price',
        color: colours.production[0],
        data: preview.hours.map((hour) => (hour.chosen ? cents(hour) : null)),
      },
      {
        name: otherLabel,
        type: 'bar',
        stack: 'price',
        color: colours.price[0],
        itemStyle: { opacity: 0.45 },
        data: preview.hours.map((hour) => (hour.chosen ? null : cents(hour))),
      },
    ],
  };
}
