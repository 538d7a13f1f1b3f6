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
    /** Energy prices in cents per kWh, fees in euros per month or year; `priceCents` is an exact decimal string. */
    price: (priceCents: string, unit: ContractPriceComponent['unit']) =>
      unit === 'c/kWh'
        ? formatUnit(priceCents, 'c/kWh', i18n.language, { min: 2, max: 3 })
        : t(unit === 'c/year' ? 'contracts.price.per-year' : 'contracts.price.per-month', {
            price: formatCents(Number(priceCents), i18n.language),
          }),
  };
}
