import { sql, type SQL } from 'drizzle-orm';
import { SEASONAL_KINDS } from '@portal/schema/time-of-use';
import {
  DAY_FROM_HOUR,
  DAY_TO_HOUR,
  ENERGY_KINDS,
  LIMIT_KINDS,
  POWER_KIND,
  PRICED_STATUSES,
  SPOT_PRICE_TYPES,
  WINTER_MONTHS,
  WINTER_WEEKDAYS,
} from './tariff.ts';
import { NETWORK_CONTRACT_TYPES, SPECIFICITY } from './vat-rates.ts';

/** The pricing rules of `tariff.ts` as SQL, for the statements that price readings in the database. */

const list = (values: readonly (string | number)[]) =>
  sql.raw(values.map((value) => (typeof value === 'number' ? String(value) : `'${value}'`)).join(', '));

/** The contract statuses whose dates are priced, for `c.status in (...)`. */
export const pricedStatusesSql = list(PRICED_STATUSES);
export const energyAndLimitKindsSql = list([...ENERGY_KINDS, ...LIMIT_KINDS]);
export const spotPriceTypesSql = list(SPOT_PRICE_TYPES);

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

/**
 * c/kWh one component charges for an interval, VAT excluded: `energyUnitPrice` of tariff.ts, term by term. Month,
 * weekday and hour are read from the local timestamp, as `LocalTime` is: ISO day 1 is Monday, so `isodow - 1` is
 * `weekdayOf`'s numbering of WINTER_WEEKDAYS.
 */
export function componentRateSql(c: RateColumns): SQL {
  const hour = sql`extract(hour from ${c.local})`;
  const day = sql`(${hour} >= ${sql.raw(String(DAY_FROM_HOUR))} and ${hour} < ${sql.raw(String(DAY_TO_HOUR))})`;
  const winter = sql`(extract(month from ${c.local}) in (${list(WINTER_MONTHS)}))`;
  const winterWeekdayDay = sql`(${winter} and ${day} and (extract(isodow from ${c.local})::int - 1) in (${list(WINTER_WEEKDAYS)}))`;
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
    when 'DayWinter' then case when ${winterWeekdayDay} then ${c.price} else 0 end
    when 'NightWinter' then case when ${winter} and not ${winterWeekdayDay} then ${c.price} else 0 end
    else ${c.price} end)`;
}

/** True when the contract `contractId` has a power charge (decision 119), so its bills read peak hours. */
export function hasPowerChargeSql(contractId: SQL): SQL {
  return sql`exists (select 1 from price_component p where p.contract_id = ${contractId} and p.kind = ${POWER_KIND})`;
}

/**
 * The highest hour of each local day of each contract of `contracts` (a relation with id, metering_point_id,
 * start_date and end_date), for the power charge (decision 119): rows (contract_id, day, wh, starts_at). Read from
 * the hourly rollup (decision 081: UTC hours, the coarsest resolution of each hour summed, so a quarter-hour meter's
 * four quarters make the hour) between the instants `lower` and `upper`; the day is the hour's start on the site's
 * clock, so the repeated hour of an autumn night is two hours of its day and a spring day has 23. Of equal hours the
 * earliest, as `peakOf` of tariff.ts. A month's peak is the highest of its days.
 */
export function dayPeaksSql(query: { contracts: SQL; lower: SQL; upper: SQL; timezone: string }): SQL {
  const local = sql`(h.starts_at at time zone ${query.timezone}::text)`;
  return sql`select contract_id, day, wh, starts_at from (
      select c.id as contract_id, ${local}::date as day, h.wh, h.starts_at,
             row_number() over (partition by c.id, ${local}::date order by h.wh desc, h.starts_at) as n
      from ${query.contracts} c
      join reading_hour h on h.metering_point_id = c.metering_point_id and h.direction = 'consumption'
      where h.starts_at >= ${query.lower} and h.starts_at < ${query.upper}
        and ${local}::date between c.start_date and c.end_date
    ) ranked where n = 1`;
}

/** What a contract of type `contractType` supplies, for the VAT key: `supplyOf` of vat-rates.ts. */
export function supplySql(contractType: SQL): SQL {
  return sql`(case when ${contractType} in (${list(NETWORK_CONTRACT_TYPES)}) then 'network' else 'energy' end)`;
}

/**
 * Two CTEs, `vat_series` and `contract_vat`, that give each contract of `keys` (a relation with contract_id,
 * country_code, utility, supply and customer_type) its VAT schedule: rows (contract_id, vf, vt, permille), local
 * days vf–vt inclusive taxed at permille, vt 'infinity' while no later change is known. `vatSchedule` of vat-rates.ts
 * as SQL: each row of `vat_rate` is in force until the next of its series or its valid_to, and on each day the most
 * specific row in force wins. A contract's schedule has a handful of rows, so statements join readings to it by
 * their local date instead of looking a rate up per reading. Days before the table's first row have a null rate.
 */
export function vatRangesSql(keys: SQL): SQL {
  const matches = sql`s.country_code = k.country_code and (s.utility is null or s.utility = k.utility)
      and (s.supply is null or s.supply = k.supply) and (s.customer_type is null or s.customer_type = k.customer_type)`;
  const weight = (column: string, value: number) => sql`(case when v.${sql.raw(column)} is null then 0 else ${sql.raw(String(value))} end)`;
  return sql`
    vat_series as (
      select v.country_code, v.utility, v.supply, v.customer_type, v.permille, v.valid_from as vf,
             least(coalesce(v.valid_to, 'infinity'::date),
                   coalesce(lead(v.valid_from) over (partition by v.country_code, v.utility, v.supply, v.customer_type order by v.valid_from) - 1,
                            'infinity'::date)) as vt,
             ${weight('utility', SPECIFICITY.utility)} + ${weight('supply', SPECIFICITY.supply)} + ${weight('customer_type', SPECIFICITY.customerType)} as weight
      from vat_rate v
    ),
    contract_vat as (
      select k.contract_id, b.vf,
             coalesce(lead(b.vf) over (partition by k.contract_id order by b.vf) - 1, 'infinity'::date) as vt,
             (select s.permille from vat_series s where ${matches} and s.vf <= b.vf and b.vf <= s.vt
              order by s.weight desc limit 1) as permille
      from ${keys} k
      cross join lateral (
        select s.vf from vat_series s where ${matches}
        union
        select s.vt + 1 from vat_series s where ${matches} and s.vt < 'infinity'::date
      ) b
    )`;
}

/**
 * The VAT key of each contract of `contracts` (a condition on contract c): the site's country, the metering point's
 * utility, what the contract type supplies and the customer's type, as the relation `vatRangesSql` reads.
 */
export function contractVatKeysSql(contracts: SQL): SQL {
  return sql`select c.id as contract_id, s.country_code, mp.utility, ${supplySql(sql`c.type`)} as supply, cu.type as customer_type
    from contract c
    join site s on s.id = c.site_id
    join metering_point mp on mp.id = c.metering_point_id
    join customer cu on cu.id = c.customer_id
    where ${contracts}`;
}
