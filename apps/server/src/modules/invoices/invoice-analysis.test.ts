import { describe, expect, it } from 'vitest';
import { localDate } from '@portal/schema/calendar-dates';
import { buildBilledContract, buildInvoice } from '../../test-support/billing-factories.ts';
import { insertReadings, insertTemperatures } from '../../test-support/energy-factories.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { splitBillChange } from './bill-change.ts';

const HELSINKI = 'Europe/Helsinki';
/** The local month (1–12) of an instant on Helsinki's clock. */
const monthOf = (at: Date) => Number(localDate(at, HELSINKI).slice(5, 7));
/** Midnight of a Helsinki day in winter time (UTC+2). */
const midnight = (date: string) => new Date(`${date}T00:00:00+02:00`);

/** A monthly bill: kWh at a fixed price and a monthly fee, at 25.5 % VAT (the factory rounds VAT once per line). */
const rows = (kwh: string, centsPerKwh: string, energyNet: number, feeNet: number) => [
  { componentKind: 'Base' as const, unit: 'kWh' as const, quantity: kwh, unitPriceCents: centsPerKwh, netCents: energyNet },
  { componentKind: 'Monthly' as const, unit: 'month' as const, quantity: '1.000', unitPriceCents: `${feeNet}.00000`, netCents: feeNet },
];

/** The period of a bill for November or December 2025, due on the 26th of the month after. */
const billed = (month: 'november' | 'december') =>
  month === 'november'
    ? { periodStart: '2025-11-01', periodEnd: '2025-11-30', dueDate: '2025-12-26' }
    : { periodStart: '2025-12-01', periodEnd: '2025-12-31', dueDate: '2026-01-26' };

describe('GET /api/invoices/:invoiceNumber/analysis', () => {
  const ctx = useTestApp();

  async function ask(invoiceNumber: string, ssn: string = PEOPLE.aino) {
    const cookie = await sessionCookieFor(ctx.database.db, ssn, 'lumo');
    return ctx.app.inject({ url: `/api/invoices/${invoiceNumber}/analysis`, headers: { host: HOSTS.lumo, cookie } });
  }

  it('splits the change from the month before into weather, own use, price and fixed charges that add up to the cent (worked example)', async () => {
    const db = ctx.database.db;
    const contract = await buildBilledContract(db, { siteId: 'lumo', clientCode: 'LUMO-100001' });
    const area = contract.temperatureArea;
    // Helsinki, Finland, so degree days are the FMI's S17: 17 °C minus the day's mean, on days not above +12 °C in autumn.
    // Every hour of a month has the same temperature: 27–31 October +7.0 °C (10 degree days a day), November +2.0 °C
    // (15 a day, 450 in the month), December −3.0 °C (20 a day, 620 in the month).
    await insertTemperatures(db, area, {
      from: midnight('2025-10-27'),
      to: midnight('2026-01-01'),
      deciCelsius: (at) => ({ 10: 70, 11: 20, 12: -30 })[monthOf(at)]!,
    });
    // The house uses 12 kWh a day plus 2.4 kWh per degree day, as hours of 500 + 100 × degree days Wh:
    // October 36 kWh a day (1,500 Wh an hour), November 48 (2,000 Wh an hour, 1,440 kWh in 30 days),
    // December 60 (2,500 Wh an hour, 1,860 kWh in 31 days). 66 days, on one straight line: the fit is exact.
    await insertReadings(db, contract.meteringPointId, {
      from: midnight('2025-10-27'),
      to: midnight('2026-01-01'),
      wh: (at) => ({ 10: 1500, 11: 2000, 12: 2500 })[monthOf(at)]!,
    });
    // November: 1,440 kWh × 10 c = 144.00 € and a 3.95 € fee: net 147.95 €, VAT 37.7273 → 37.73 €, total 185.68 €.
    // The fee with its VAT: 395 × 1.255 = 495.725 → 4.96 €; the energy 185.68 − 4.96 = 180.72 €, 12.550 c/kWh.
    await buildInvoice(db, {
      contract,
      invoiceNumber: 'WHY-2025-11',
      ...billed('november'),
      rows: rows('1440.000', '10.00000', 14400, 395),
    });
    // December: 1,860 kWh × 11 c = 204.60 € and a fee raised to 4.95 €: net 209.55 €, VAT 53.43525 → 53.44 €,
    // total 262.99 €. The fee with its VAT: 495 × 1.255 = 621.225 → 6.21 €; the energy 256.78 €, 13.805 c/kWh.
    await buildInvoice(db, {
      contract,
      invoiceNumber: 'WHY-2025-12',
      ...billed('december'),
      rows: rows('1860.000', '11.00000', 20460, 495),
    });

    const response = await ask('WHY-2025-12');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.degreeDayBaseCelsius).toBe(17);
    expect(body.current).toEqual({
      invoiceNumber: 'WHY-2025-12',
      periodStart: '2025-12-01',
      periodEnd: '2025-12-31',
      kwh: 1860,
      totalCents: 26299,
      fixedChargesCents: 621,
      powerChargeCents: 0,
      energyCents: 25678,
      averagePriceCentsPerKwh: '13.805',
      degreeDays: 620,
    });
    // 66 days on the line kWh = 12 + 2.4 × degree days.
    expect(body.heating).toEqual({ unavailable: null, days: 66, kwhPerDegreeDay: 2.4, rSquared: 1 });
    const [previous, lastYear] = body.comparisons;
    expect(previous.kind).toBe('previous-month');
    expect(previous.compared).toMatchObject({ invoiceNumber: 'WHY-2025-11', kwh: 1440, totalCents: 18568, fixedChargesCents: 496 });
    expect(previous.compared).toMatchObject({ energyCents: 18072, averagePriceCentsPerKwh: '12.550', degreeDays: 450 });
    // ΔC = 26,299 − 18,568 = 7,731 cents. In Wh and cents: Q₁ = 1,860,000, Q₀ = 1,440,000, E₁ = 25,678, E₀ = 18,072.
    // Consumption: ΔQ × (E₁/Q₁ + E₀/Q₀) / 2 = 420,000 × (25,678 × 1,440,000 + 18,072 × 1,860,000) / (2 × 1,860,000 ×
    //   1,440,000) = 420,000 × 70,590,240,000 / 5,356,800,000,000 = 5,534.629 → 5,535.
    // Price: ΔE − consumption = 7,606 − 5,535 = 2,071 (exactly ΔP × (Q₁ + Q₀)/2 = 2,071.371, less the 0.371 the
    //   consumption part was rounded up by). Fixed charges: 621 − 496 = 125. 5,535 + 2,071 + 125 = 7,731.
    // Weather: 2.4 kWh × (620 − 450) degree days = 408 kWh, priced as the consumption part: 408,000 × 70,590,240,000 /
    //   5,356,800,000,000 = 5,376.497 → 5,376. Own use: 420 − 408 = 12 kWh (the 31st day's base load) and
    //   5,535 − 5,376 = 159 cents (158.132 exactly, plus both parts' rounding).
    expect(previous.unavailable).toBeNull();
    expect(previous.change).toEqual({
      totalCents: 7731,
      consumptionCents: 5535,
      priceCents: 2071,
      fixedChargesCents: 125,
      powerChargeCents: 0,
      kwh: 420,
      degreeDays: 170,
      weatherUnavailable: null,
      weatherKwh: 408,
      weatherCents: 5376,
      ownUseKwh: 12,
      ownUseCents: 159,
    });
    expect(
      previous.change.consumptionCents + previous.change.priceCents + previous.change.fixedChargesCents + previous.change.powerChargeCents,
    ).toBe(previous.change.totalCents);
    expect(previous.change.weatherCents + previous.change.ownUseCents).toBe(previous.change.consumptionCents);
    // No invoice for December 2024.
    expect(lastYear).toEqual({ kind: 'same-month-last-year', unavailable: 'NO_INVOICE', compared: null, change: null });

    // Another customer's invoice is not found, whatever its number.
    const stranger = await ask('WHY-2025-12', PEOPLE.mikko);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().code).toBe('INVOICE_NOT_FOUND');
  });

  it('says "not enough data" for the weather with fewer than 60 days, and gives no comparison for a month without readings', async () => {
    const db = ctx.database.db;
    const contract = await buildBilledContract(db, { siteId: 'lumo', clientCode: 'LUMO-100001' });
    // Readings from 15 November only: 16 + 31 = 47 days, too few to fit the heating. Temperatures for the same days.
    await insertReadings(db, contract.meteringPointId, { from: midnight('2025-11-15'), to: midnight('2026-01-01'), wh: () => 1000 });
    await insertTemperatures(db, contract.temperatureArea, {
      from: midnight('2025-11-15'),
      to: midnight('2026-01-01'),
      deciCelsius: () => 0,
    });
    for (const [number, start, end, kwh, net] of [
      ['FEW-10', '2025-10-01', '2025-10-31', '300.000', 3000],
      ['FEW-11', '2025-11-01', '2025-11-30', '384.000', 3840],
      ['FEW-12', '2025-12-01', '2025-12-31', '744.000', 7440],
    ] as const) {
      await buildInvoice(db, {
        contract,
        invoiceNumber: number,
        periodStart: start,
        periodEnd: end,
        dueDate: end,
        rows: rows(kwh, '10.00000', net, 395),
      });
    }

    const december = (await ask('FEW-12')).json();
    expect(december.heating).toEqual({ unavailable: 'NOT_ENOUGH_DATA', days: 47, kwhPerDegreeDay: null, rSquared: null });
    const [previous] = december.comparisons;
    // 744 kWh against the 384 read from 15 November: the comparison is given, without the weather's share.
    expect(previous.unavailable).toBeNull();
    expect(previous.change).toMatchObject({ kwh: 360, weatherUnavailable: 'NOT_ENOUGH_DATA', weatherKwh: null, ownUseCents: null });
    expect(
      previous.change.consumptionCents + previous.change.priceCents + previous.change.fixedChargesCents + previous.change.powerChargeCents,
    ).toBe(previous.change.totalCents);

    // October has an invoice but no readings.
    const november = (await ask('FEW-11')).json();
    expect(november.comparisons[0]).toMatchObject({ kind: 'previous-month', unavailable: 'NO_READINGS', change: null });
    expect(november.comparisons[0].compared).toMatchObject({ invoiceNumber: 'FEW-10', kwh: 0, averagePriceCentsPerKwh: null });
    expect((await ask('NO-SUCH-INVOICE')).statusCode).toBe(404);
  });

  it('keeps a power charge out of the consumption and the price per kWh, as a part of its own (worked example, decision 119)', async () => {
    const db = ctx.database.db;
    const contract = await buildBilledContract(db, { siteId: 'lumo', clientCode: 'LUMO-100001' });
    // The first example's November and December consumption, without temperatures (the weather's share is not known).
    await insertReadings(db, contract.meteringPointId, {
      from: midnight('2025-11-01'),
      to: midnight('2026-01-01'),
      wh: (at) => ({ 11: 2000, 12: 2500 })[monthOf(at)]!,
    });
    // November as in the first example: total 185.68 €, fees 4.96 €, energy 180.72 €.
    await buildInvoice(db, {
      contract,
      invoiceNumber: 'POW-2025-11',
      ...billed('november'),
      rows: rows('1440.000', '10.00000', 14400, 395),
    });
    // December as there, plus a power charge of 5 kW above the threshold at 2.50 €/kW: net 204.60 + 4.95 + 12.50 =
    // 222.05 €, VAT 25.5 % 56.62275 → 56.62 €, total 278.67 €. The fee with its VAT 6.21 € (621.225), the power
    // charge with its VAT 1,250 × 1.255 = 1,568.75 → 15.69 €; the energy 278.67 − 6.21 − 15.69 = 256.77 €, 13.805 c/kWh
    // as without the charge (counted in the energy, it would have read 14.648 c/kWh).
    await buildInvoice(db, {
      contract,
      invoiceNumber: 'POW-2025-12',
      ...billed('december'),
      rows: [
        ...rows('1860.000', '11.00000', 20460, 495),
        { componentKind: 'Power' as const, unit: 'kW' as const, quantity: '5.000', unitPriceCents: '250.00000', netCents: 1250 },
      ],
    });

    const body = (await ask('POW-2025-12')).json();
    expect(body.current).toMatchObject({ totalCents: 27867, fixedChargesCents: 621, powerChargeCents: 1569, energyCents: 25677 });
    expect(body.current.averagePriceCentsPerKwh).toBe('13.805');
    const [previous] = body.comparisons;
    expect(previous.compared).toMatchObject({ invoiceNumber: 'POW-2025-11', powerChargeCents: 0, energyCents: 18072 });
    // ΔC = 27,867 − 18,568 = 9,299. E₁ = 25,677, E₀ = 18,072. Consumption: 420,000 × (25,677 × 1,440,000 + 18,072 ×
    //   1,860,000) / (2 × 1,860,000 × 1,440,000) = 420,000 × 70,588,800,000 / 5,356,800,000,000 = 5,534.516 → 5,535.
    // Price: 7,605 − 5,535 = 2,070. Fees: 125. Power charge: 1,569 − 0. 5,535 + 2,070 + 125 + 1,569 = 9,299.
    expect(previous.change).toMatchObject({
      totalCents: 9299,
      consumptionCents: 5535,
      priceCents: 2070,
      fixedChargesCents: 125,
      powerChargeCents: 1569,
      weatherUnavailable: 'NO_TEMPERATURES',
    });
    const { consumptionCents, priceCents, fixedChargesCents, powerChargeCents, totalCents } = previous.change;
    expect(consumptionCents + priceCents + fixedChargesCents + powerChargeCents).toBe(totalCents);
  });

  it('gives the rounding remainder to the price part, so the parts add up even where both would round up', () => {
    // 1 kWh for 10 cents, then 2 kWh for 22 cents: the consumption part is 1,000 × (22 × 1,000 + 10 × 2,000) /
    // (2 × 2,000 × 1,000) = 10.5 → 11; the price part exactly (22/2,000 − 10/1,000) × 1,500 = 1.5, which alone would
    // round to 2 and make 13 of a change of 12. It is 12 − 11 = 1.
    const parts = splitBillChange(
      { wh: 2000n, totalCents: 22n, fixedChargesCents: 0n, powerChargeCents: 0n },
      { wh: 1000n, totalCents: 10n, fixedChargesCents: 0n, powerChargeCents: 0n },
      null,
    );
    expect(parts).toMatchObject({ totalCents: 12n, consumptionCents: 11n, priceCents: 1n, fixedChargesCents: 0n, weather: null });
  });
});
