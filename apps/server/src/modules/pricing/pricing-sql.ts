import { sql, type SQL } from 'drizzle-orm';
import {
  DAY_FROM_HOUR,
  DAY_TO_HOUR,
  ENERGY_KINDS,
  FEE_KINDS,
  LIMIT_KINDS,
  PRICED_STATUSES,
  SEASONAL_KINDS,
  SPOT_PRICE_TYPES,
  WINTER_MONTHS,
} from './tariff.ts';

/** The pricing rules of `tariff.ts` as SQL, for the statements that price readings in the database. */

const list = (values: readonly (string | number)[]) =>
  sql.raw(values.map((value) => (typeof value === 'number' ? String(value) : `'${value}'`)).join(', '));

/** The contract statuses whose dates are priced, for `c.status in (...)`. */
export const pricedStatusesSql = list(PRICED_STATUSES);
export const energyAndLimitKindsSql = list([...ENERGY_KINDS, ...LIMIT_KINDS]);
export const spotPriceTypesSql = list(SPOT_PRICE_TYPES);
export const feeKindsSql = list(FEE_KINDS);

/** True when the contract `contractId` has a winter component, so its Day and Night give way in winter. */
export function seasonalSql(contractId: SQL): SQL {
  return sql`exists (select 1 from price_component w where w.contract_id = ${contractId} and w.kind in (${list(SEASONAL_KINDS)}))`;
}

type RateColumns = {
  /** Component kind, or 'Spot' for the day-ahead row of a spot contract. */
  kind: SQL;
  price: SQL;
  priceType: SQL;
  seasonal: SQL;
  /** Day-ahead price of the interval in c/kWh, null when unpublished. */
  spot: SQL;
  floor: SQL;
  ceiling: SQL;
  /** The interval's start on the local clock (timestamp without time zone). */
  local: SQL;
};

/** c/kWh one component charges for an interval, VAT excluded: `energyUnitPrice` of tariff.ts, term by term. */
export function componentRateSql(c: RateColumns): SQL {
  const hour = sql`extract(hour from ${c.local})`;
  const day = sql`(${hour} >= ${sql.raw(String(DAY_FROM_HOUR))} and ${hour} < ${sql.raw(String(DAY_TO_HOUR))})`;
  const winter = sql`(extract(month from ${c.local}) in (${list(WINTER_MONTHS)}))`;
  // chargedSpot: at most the Ceiling, then at least the Floor (a missing limit leaves the price as it is).
  const capped = sql`least(coalesce(${c.ceiling}, ${c.spot}), ${c.spot})`;
  const limited = sql`greatest(coalesce(${c.floor}, ${capped}), ${capped})`;
  return sql`(case ${c.kind}
    when 'Spot' then case when ${c.spot} is null then 0
                          when ${c.priceType} = 'FixedHourlyWithPriceLimits' then ${limited}
                          else ${c.spot} end
    when 'Floor' then 0
    when 'Ceiling' then 0
    when 'Day' then case when ${day} and not (${c.seasonal} and ${winter}) then ${c.price} else 0 end
    when 'Night' then case when not ${day} and not (${c.seasonal} and ${winter}) then ${c.price} else 0 end
    when 'DayWinter' then case when ${day} and ${winter} then ${c.price} else 0 end
    when 'NightWinter' then case when not ${day} and ${winter} then ${c.price} else 0 end
    else ${c.price} end)`;
}

/**
 * c/month a fee component charges, VAT excluded (`feePerMonth` and `feeApplies` of tariff.ts): PaperBill only
 * while invoices go by post, a yearly fee a twelfth.
 */
export function monthlyFeeSql(c: { kind: SQL; unit: SQL; price: SQL; billingChannel: SQL }): SQL {
  return sql`(case when ${c.kind} not in (${feeKindsSql}) then 0
                   when ${c.kind} = 'PaperBill' and ${c.billingChannel} <> 'Address' then 0
                   when ${c.unit} = 'c/year' then round(${c.price} / 12, 5)
                   else ${c.price} end)`;
}
