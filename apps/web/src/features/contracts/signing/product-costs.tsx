import { Badge, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDay } from '@portal/schema/calendar-dates';
import type { Utility } from '@portal/schema/enums';
import type { PointProductCosts } from '@portal/schema/products';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../../shared/format/energy-format.ts';
import { productCostsQueryOptions } from './signing-queries.ts';
import { STATUS_COLOURS } from '../../../shared/ui/status-colours.ts';

/**
 * What the customer's own last twelve whole months would have cost under each product (decision 120), for the point
 * being signed for when it is theirs (by its id among their own points, or by its code as the grid search answered
 * it), else for their point of the utility listed first. Nothing while it loads or when the customer has no use of
 * that utility: the comparison only adds to the product choice.
 */
export function usePointCosts(utility: Utility | null, campaignCode: string, chosen: { id: string; code: string }) {
  const costs = useQuery(productCostsQueryOptions(utility, campaignCode)).data;
  const points = costs?.points.filter((point) => point.utility === utility) ?? [];
  const point =
    points.find((candidate) => candidate.meteringPointId === chosen.id || candidate.meteringPointCode === chosen.code) ?? points[0] ?? null;
  return point && costs ? { point, period: costs.period } : null;
}

/** The products that would have cost least, of those on show. */
export function cheapestOf(point: PointProductCosts, productIds: readonly string[]): Set<string> {
  const shown = point.products.filter((row) => productIds.includes(row.productId));
  const least = Math.min(...shown.map((row) => row.costCents));
  return new Set(shown.filter((row) => row.costCents === least).map((row) => row.productId));
}

/** Where and over which days the comparison was priced. */
export function CostBasis({ point, period }: { point: PointProductCosts; period: { from: string; to: string } }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed">
      {t('signing.product.cost.basis', {
        address: `${point.address.street}, ${point.address.postalCode} ${point.address.city}`,
        from: formatDay(point.pricedFrom),
        to: formatDay(period.to),
      })}
    </Text>
  );
}

/** "Your last 12 months would have cost X (you paid Y)", saying so when the invoices cover fewer months. */
export function ProductCostLine({ point, productId, cheapest }: { point: PointProductCosts; productId: string; cheapest: boolean }) {
  const { t, i18n } = useTranslation();
  const row = point.products.find((candidate) => candidate.productId === productId);
  if (!row) return null;
  const cost = formatCents(row.costCents, i18n.language);
  const paid = formatCents(row.paidCents, i18n.language);
  return (
    <Text size="sm" component="span" display="block" mt={4}>
      {point.months === 12
        ? t('signing.product.cost.year', { cost })
        : t('signing.product.cost.since', { cost, date: formatDay(point.pricedFrom) })}{' '}
      {row.paidMonths === 0
        ? t('signing.product.cost.not-invoiced')
        : row.paidMonths === point.months
          ? t('signing.product.cost.paid', { paid })
          : t('signing.product.cost.paid-part', { paid, covered: row.paidMonths, count: point.months })}
      {(cheapest || row.current) && ' '}
      {cheapest && (
        <Badge variant="filled" color={STATUS_COLOURS.done} size="sm" component="span">
          {t('signing.product.cost.cheapest')}
        </Badge>
      )}
      {row.current && (
        <Badge variant="default" size="sm" component="span" ml={cheapest ? 4 : 0}>
          {t('signing.product.cost.current')}
        </Badge>
      )}
    </Text>
  );
}
