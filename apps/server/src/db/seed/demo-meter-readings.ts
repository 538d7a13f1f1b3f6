import { and, count, eq, gte, inArray, lt, sum } from 'drizzle-orm';
import { monthStart, todayIn } from '@portal/schema/calendar-dates';
import { registerDecimal, registerUnitOf, type RegisterUnit } from '@portal/schema/meter-readings';
import { recordMeasuredReading } from '../../modules/meter-readings/enter-meter-reading.ts';
import { meterReadingRepository } from '../../modules/meter-readings/meter-reading-repository.ts';
import type { Database } from '../../platform/database.ts';
import { readingDay } from '../schema/energy-rollups.ts';
import { meteringPoint } from '../schema/energy.ts';
import { meterRegisterReading } from '../schema/meter-readings.ts';
import { DEMO_OBJECTS } from './demo-energy-catalogue.ts';
import { seedOf } from './energy-profiles.ts';

/** Months of past readings each hand-read demo meter gets: the 1st of each, as the utility's reader read them. */
const MONTHS = 6;
/** Natural gas delivered in Latvia holds about 10.5 kWh per cubic metre (gross calorific value). */
const WH_PER_LITRE = 10.5;

/** Thousandths of the register unit in `wh` watt-hours: litres of gas, kWh of heat (a thousandth of a MWh), Wh. */
const thousandthsOf = (wh: number, unit: RegisterUnit) => Math.round(unit === 'm3' ? wh / WH_PER_LITRE : unit === 'MWh' ? wh / 1000 : wh);

/**
 * The hand-read demo meters' past register readings (docs/decisions/112), MEASURED on the 1st of each of the last six
 * months: a start index from the meter's id, plus the energy its interval readings add up to since (reading_day), so
 * the register and the charts tell the same story. Once per meter; the meters are marked read by hand also in a
 * database seeded before the column existed.
 */
export async function seedDemoMeterReadings(db: Database, now = new Date()): Promise<number> {
  const meters = DEMO_OBJECTS.flatMap((object) => object.meters.filter((meter) => meter.readByHand).map((meter) => ({ object, meter })));
  if (meters.length === 0) return 0;
  await db
    .update(meteringPoint)
    .set({ readByHand: true })
    .where(
      inArray(
        meteringPoint.id,
        meters.map(({ meter }) => meter.id),
      ),
    );
  let written = 0;
  for (const { meter } of meters) {
    const point = await meterReadingRepository.pointById(db, meter.id);
    if (!point) continue;
    const [stored] = await db.select({ n: count() }).from(meterRegisterReading).where(eq(meterRegisterReading.meteringPointId, point.id));
    if ((stored?.n ?? 0) > 0) continue;
    const unit = registerUnitOf(point.utility);
    const today = todayIn('Europe/Riga', now);
    const first = monthStart(today, -MONTHS);
    const start = unit === 'm3' ? 1_000_000 + (seedOf(meter.id) % 9_000_000) : 10_000 + (seedOf(meter.id) % 90_000);
    await db.transaction(async (tx) => {
      for (let month = -MONTHS; month <= -1; month++) {
        const readOn = monthStart(today, month + 1);
        const [used] = await tx
          .select({ wh: sum(readingDay.wh) })
          .from(readingDay)
          .where(
            and(
              eq(readingDay.meteringPointId, point.id),
              eq(readingDay.direction, 'consumption'),
              gte(readingDay.day, first),
              lt(readingDay.day, readOn),
            ),
          );
        const value = registerDecimal(start + thousandthsOf(Number(used?.wh ?? 0), unit));
        await recordMeasuredReading(tx, point, { readOn, value }, new Date(`${readOn}T06:00:00Z`));
        written += 1;
      }
    });
  }
  return written;
}
