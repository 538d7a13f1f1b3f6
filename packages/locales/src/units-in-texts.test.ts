import { describe, expect, it } from 'vitest';
import { LOCALE_IDS } from '@portal/schema/locale-ids';
import { bundleFor } from './bundles.ts';

describe('units in texts', () => {
  // A price unit written into a text drifts from the one the numbers beside it carry (issue 27): texts take the amount
  // with its unit from @portal/schema/units instead.
  it('leaves the price per kWh to the one formatter: no text writes it itself', () => {
    const written = LOCALE_IDS.flatMap((locale) =>
      Object.entries(bundleFor('web', locale))
        .filter(([, text]) => /\b(c|s|snt)\/kWh|ц\/кВт/.test(text))
        .map(([key]) => `${locale} ${key}`),
    );
    expect(written).toEqual([]);
  });
});
