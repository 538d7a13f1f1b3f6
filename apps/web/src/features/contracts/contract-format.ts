import type { ContractPriceComponent } from '@portal/schema/contracts';
import { formatDay } from '@portal/schema/calendar-dates';
import { formatUnit } from '@portal/schema/units';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../shared/format/energy-format.ts';

/** Prices and dates of a contract as the person's language writes them (spec §9: DD.MM.YYYY). */
export function useContractFormat() {
  const { t, i18n } = useTranslation();
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  return {
    date: formatDay,
    vatRate: (permille: number) => percent.format(permille / 1000),
    /**
     * Energy prices in cents per kWh, fees in euros per month or year, the power charge in euros per kW a month above
     * its threshold (decision 119); `priceCents` is an exact decimal string.
     */
    price: (priceCents: string, unit: ContractPriceComponent['unit'], thresholdKw: string | null = null) => {
      if (unit === 'c/kWh') return formatUnit(priceCents, 'c/kWh', i18n.language, { min: 2, max: 3 });
      const price = formatCents(Number(priceCents), i18n.language);
      if (unit === 'c/kW')
        return Number(thresholdKw ?? 0) > 0
          ? t('contracts.price.per-kw-month-above', { price, threshold: formatUnit(thresholdKw!, 'kW', i18n.language, { min: 0, max: 3 }) })
          : t('contracts.price.per-kw-month', { price });
      return t(unit === 'c/year' ? 'contracts.price.per-year' : 'contracts.price.per-month', { price });
    },
  };
}
