import { Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDay } from '@portal/schema/calendar-dates';
import type { BillChange, BillComparison, BillPeriodFigures } from '@portal/schema/invoice-analysis';
import { formatUnit } from '@portal/schema/units';
import { formatKwh, formatNumber } from '../../shared/format/energy-format.ts';
import { LoadState } from '../../shared/ui/load-state.tsx';
import { useInvoiceFormat } from './invoice-format.ts';
import { useInvoiceAnalysis } from './invoice-queries.ts';
import classes from './invoice-analysis.module.css';

/** more / less / same, for the texts' select. */
const direction = (value: number) => (value > 0 ? 'more' : value < 0 ? 'less' : 'same');
const period = (figures: BillPeriodFigures) => `${formatDay(figures.periodStart)} – ${formatDay(figures.periodEnd)}`;

/**
 * "Why is this bill different?" (docs/decisions/117): for last month's bill and the same month's a year earlier, a
 * sentence per part of the change (the weather and own use, or consumption; the price per kWh; fixed charges; the
 * power charge where there is one) and a
 * waterfall of the parts as a table whose bars carry no meaning the text beside them does not.
 */
export function InvoiceAnalysisSection({ invoiceNumber }: { invoiceNumber: string }) {
  const { t } = useTranslation();
  const query = useInvoiceAnalysis(invoiceNumber);
  const titleId = `invoice-analysis-${invoiceNumber}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId}>
        {t('invoices.analysis.title')}
      </Title>
      {!query.data ? (
        <LoadState query={query} height={120} />
      ) : (
        query.data.comparisons.map((comparison) => (
          <Comparison key={comparison.kind} comparison={comparison} current={query.data.current} id={`${titleId}-${comparison.kind}`} />
        ))
      )}
    </Stack>
  );
}

function Comparison({ comparison, current, id }: { comparison: BillComparison; current: BillPeriodFigures; id: string }) {
  const { t } = useTranslation();
  const heading = t(`invoices.analysis.${comparison.kind}`, { period: comparison.compared ? period(comparison.compared) : '' });
  return (
    <Stack gap={6} component="section" aria-labelledby={id} className={classes.comparison}>
      <Text fw={600} id={id}>
        {comparison.compared ? heading : t(`invoices.analysis.${comparison.kind}.none`)}
      </Text>
      {comparison.change && comparison.compared ? (
        <ChangeExplained change={comparison.change} compared={comparison.compared} current={current} />
      ) : (
        <Text size="sm" c="dimmed">
          {t(`invoices.analysis.unavailable.${comparison.unavailable ?? 'NO_INVOICE'}`)}
        </Text>
      )}
    </Stack>
  );
}

type Part = { key: string; label: string; cents: number; sentence: string };

function useParts(change: BillChange, compared: BillPeriodFigures, current: BillPeriodFigures): Part[] {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const format = useInvoiceFormat();
  const kwh = (value: number) => formatKwh(Math.abs(value), locale);
  const price = (figures: BillPeriodFigures) =>
    figures.averagePriceCentsPerKwh === null ? '–' : formatUnit(figures.averagePriceCentsPerKwh, 'c/kWh', locale, { min: 2, max: 2 });
  const usage: Part[] =
    change.weatherKwh !== null && change.weatherCents !== null && change.ownUseKwh !== null && change.ownUseCents !== null
      ? [
          {
            key: 'weather',
            label: t('invoices.analysis.part.weather'),
            cents: change.weatherCents,
            sentence: t('invoices.analysis.weather', {
              direction: direction(change.degreeDays ?? 0),
              degreeDays: formatNumber(Math.abs(change.degreeDays ?? 0), locale, 1),
              kwh: kwh(change.weatherKwh),
              amount: format.moneyChange(change.weatherCents),
            }),
          },
          {
            key: 'own-use',
            label: t('invoices.analysis.part.own-use'),
            cents: change.ownUseCents,
            sentence: t('invoices.analysis.own-use', {
              direction: direction(change.ownUseKwh),
              kwh: kwh(change.ownUseKwh),
              amount: format.moneyChange(change.ownUseCents),
            }),
          },
        ]
      : [
          {
            key: 'consumption',
            label: t('invoices.analysis.part.consumption'),
            cents: change.consumptionCents,
            sentence: t('invoices.analysis.consumption', {
              direction: direction(change.kwh),
              kwh: kwh(change.kwh),
              amount: format.moneyChange(change.consumptionCents),
            }),
          },
        ];
  return [
    ...usage,
    {
      key: 'price',
      label: t('invoices.analysis.part.price'),
      cents: change.priceCents,
      sentence: t('invoices.analysis.price', {
        direction: direction(Number(current.averagePriceCentsPerKwh ?? 0) - Number(compared.averagePriceCentsPerKwh ?? 0)),
        now: price(current),
        then: price(compared),
        amount: format.moneyChange(change.priceCents),
      }),
    },
    {
      key: 'fixed',
      label: t('invoices.analysis.part.fixed'),
      cents: change.fixedChargesCents,
      sentence: t('invoices.analysis.fixed', {
        direction: direction(change.fixedChargesCents),
        amount: format.moneyChange(change.fixedChargesCents),
      }),
    },
    // Only where a power charge was billed (decision 119): it follows the month's peak, not the kWh.
    ...(current.powerChargeCents !== 0 || compared.powerChargeCents !== 0
      ? [
          {
            key: 'power',
            label: t('invoices.analysis.part.power'),
            cents: change.powerChargeCents,
            sentence: t('invoices.analysis.power', {
              direction: direction(change.powerChargeCents),
              amount: format.moneyChange(change.powerChargeCents),
            }),
          },
        ]
      : []),
  ];
}

function ChangeExplained({ change, compared, current }: { change: BillChange; compared: BillPeriodFigures; current: BillPeriodFigures }) {
  const { t } = useTranslation();
  const format = useInvoiceFormat();
  const parts = useParts(change, compared, current);
  return (
    <>
      <Text size="sm">
        {t('invoices.analysis.total', {
          direction: direction(change.totalCents),
          amount: format.money(Math.abs(change.totalCents)),
          then: format.money(compared.totalCents),
          now: format.money(current.totalCents),
        })}
      </Text>
      <Stack gap={2} component="ul" className={classes.sentences}>
        {parts.map((part) => (
          <Text size="sm" component="li" key={part.key}>
            {part.sentence}
          </Text>
        ))}
        {change.weatherUnavailable && (
          <Text size="sm" component="li" c="dimmed">
            {t(`invoices.analysis.weather-unavailable.${change.weatherUnavailable}`)}
          </Text>
        )}
      </Stack>
      <Waterfall parts={parts} from={compared.totalCents} to={current.totalCents} />
    </>
  );
}

/**
 * A waterfall as a table: the bill before, each part as a bar floating from where the last one ended, this bill. The
 * amounts are written in every row; the bars repeat them for the eye.
 */
function Waterfall({ parts, from, to }: { parts: Part[]; from: number; to: number }) {
  const { t } = useTranslation();
  const format = useInvoiceFormat();
  // Each part starts where the parts before it ended, counting from the earlier bill.
  const steps = parts.map((part, index) => {
    const start = from + parts.slice(0, index).reduce((sum, before) => sum + before.cents, 0);
    return { ...part, start, end: start + part.cents };
  });
  const values = [0, from, to, ...steps.flatMap((step) => [step.start, step.end])];
  const low = Math.min(...values);
  const span = Math.max(...values) - low || 1;
  const bar = (a: number, b: number, kind: string) => (
    <div className={classes.track} aria-hidden>
      <div
        className={classes.bar}
        data-kind={kind}
        style={{ left: `${((Math.min(a, b) - low) / span) * 100}%`, width: `${(Math.abs(b - a) / span) * 100}%` }}
      />
    </div>
  );
  return (
    <Table className={classes.waterfall} verticalSpacing={4} captionSide="top">
      <Table.Caption className={classes.caption}>{t('invoices.analysis.chart')}</Table.Caption>
      <Table.Tbody>
        <Table.Tr>
          <Table.Th scope="row">{t('invoices.analysis.part.then')}</Table.Th>
          <Table.Td className={classes.amount}>{format.money(from)}</Table.Td>
          <Table.Td className={classes.barCell}>{bar(0, from, 'total')}</Table.Td>
        </Table.Tr>
        {steps.map((step) => (
          <Table.Tr key={step.key}>
            <Table.Th scope="row">{step.label}</Table.Th>
            <Table.Td className={classes.amount}>{format.moneyChange(step.cents)}</Table.Td>
            <Table.Td className={classes.barCell}>
              {bar(step.start, step.end, step.cents > 0 ? 'up' : step.cents < 0 ? 'down' : 'none')}
            </Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Th scope="row">{t('invoices.analysis.part.now')}</Table.Th>
          <Table.Td className={classes.amount}>{format.money(to)}</Table.Td>
          <Table.Td className={classes.barCell}>{bar(0, to, 'total')}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
