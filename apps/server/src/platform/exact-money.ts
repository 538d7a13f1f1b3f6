/**
 * Money, exactly (rule 5), for invoices, bills, prices and estimates alike: prices are decimal strings with up to
 * five decimals (numeric(14,5)), energy is integer watt-hours, and every result is whole euro cents rounded half away
 * from zero, once.
 */

/** Prices are kept as integers of 1/100000 cent (numeric(14,5)). */
export const PRICE_SCALE = 100_000n;

/** "12.34567" → 1234567n (the price in 1/100000 cents). */
export function priceToScaled(price: string): bigint {
  const match = /^(-)?(\d+)(?:\.(\d{0,5}))?$/.exec(price.trim());
  if (!match) throw new Error(`Not a decimal price: ${price}`);
  const [, minus, whole, fraction = ''] = match;
  const scaled = BigInt(whole!) * PRICE_SCALE + BigInt(fraction.padEnd(5, '0'));
  return minus ? -scaled : scaled;
}

export function scaledToPrice(scaled: bigint): string {
  const negative = scaled < 0n;
  const absolute = negative ? -scaled : scaled;
  const text = `${absolute / PRICE_SCALE}.${(absolute % PRICE_SCALE).toString().padStart(5, '0')}`;
  return negative ? `-${text}` : text;
}

/** Integer division rounding half away from zero. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (d * 2n);
  return negative ? -quotient : quotient;
}

/** Cents for an energy row: Wh × (c/kWh) = Wh × price / 1000. */
export function energyRowCents(wh: number | bigint, priceCentsPerKwh: string): number {
  return Number(divideRounded(BigInt(wh) * priceToScaled(priceCentsPerKwh), 1000n * PRICE_SCALE));
}

/** VAT on the net of one VAT line at its rate (per mille), rounded once per line, half away from zero. */
export function vatCents(netCents: number, vatPermille: number): number {
  return Number(divideRounded(BigInt(netCents) * BigInt(vatPermille), 1000n));
}

/** kWh with three decimals, exactly: 123456 Wh → "123.456". */
export function whToKwh(wh: number | bigint): string {
  const value = BigInt(wh);
  const negative = value < 0n;
  const absolute = negative ? -value : value;
  const text = `${absolute / 1000n}.${(absolute % 1000n).toString().padStart(3, '0')}`;
  return negative ? `-${text}` : text;
}

/** The unit price that, times the quantity, gives a summed cost: shown on spot rows (five decimals). */
export function averagePrice(totalScaledCentsTimesWh: bigint, wh: bigint): string {
  if (wh === 0n) return '0.00000';
  return scaledToPrice(divideRounded(totalScaledCentsTimesWh, wh));
}
