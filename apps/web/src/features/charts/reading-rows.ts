import type { ReadingsResponse } from '@portal/schema/energy';

/** One line of the table and the CSV: a bucket of the energy series with the overlays that cover it. */
export type ReadingRow = {
  date: string;
  value: number | null;
  comparison: number | null;
  estimated: boolean;
  costCents: number | null;
  price: number | null;
  temperature: number | null;
};

/**
 * The energy series' buckets, each with the price and temperature value whose bucket contains it (an hourly
 * average price covers four quarter-hour buckets), so table, CSV and chart show the same numbers.
 */
export function buildReadingRows(main: ReadingsResponse, price?: ReadingsResponse, temperature?: ReadingsResponse): ReadingRow[] {
  const overlay = (series: ReadingsResponse | undefined) => {
    const points = (series?.values ?? []).map((value) => ({ at: Date.parse(value.date), value: value.value }));
    return (at: number): number | null => {
      let found: number | null = null;
      for (const point of points) {
        if (point.at > at) break;
        found = point.value;
      }
      return found;
    };
  };
  const priceAt = overlay(price);
  const temperatureAt = overlay(temperature);
  return main.values.map((value) => {
    const at = Date.parse(value.date);
    return {
      date: value.date,
      value: value.value,
      comparison: value.comparison ?? null,
      estimated: value.estimated ?? false,
      costCents: value.costCents ?? null,
      price: price ? priceAt(at) : null,
      temperature: temperature ? temperatureAt(at) : null,
    };
  });
}
