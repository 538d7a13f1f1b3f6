import { todayIn } from '@portal/schema/calendar-dates';
import type { InboundMeterReadingAnswer, InboundReadingResult } from '@portal/schema/inbound-meter-readings';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { SystemClient } from '../../platform/system-clients.ts';
import { recordMeasuredReading } from './enter-meter-reading.ts';
import { meterReadingRepository } from './meter-reading-repository.ts';
import { thousandths } from './reading-plausibility.ts';

type Row = { readingId: string; meteringPoint: string; readOn: string; value: string; meterChanged: boolean };

/**
 * POST /api/reading-system/meter-readings (docs/decisions/131): the register readings the utility's reading system
 * measured, stored as MEASURED readings of the client's site through `recordMeasuredReading`, so a customer's reading
 * of the same month is superseded as decision 112 says.
 *
 * One transaction for the batch: the answer describes exactly what was committed, and a failure leaves nothing, so
 * the system sends the same batch again. A retry stores nothing twice: a row whose reading id the site already holds
 * is `already-stored` (or `differs-from-stored`, when the id came with another point, day or value). A row naming a
 * point the site does not have is reported and the others are stored. The batch's meters are locked in code order
 * first, so batches wait for each other and for customers' entries rather than deadlock or read half a batch.
 */
export async function receiveMeasuredReadings(
  db: Database,
  client: SystemClient,
  batch: { readings: Row[] },
  timezone: string,
  now: Date = new Date(),
): Promise<InboundMeterReadingAnswer> {
  // A day after the site's today is a wrong clock or a typo of the system's: the whole batch is refused, nothing written.
  const today = todayIn(timezone, now);
  const future = batch.readings.findIndex((row) => row.readOn > today);
  if (future >= 0) {
    const row = batch.readings[future]!;
    throw new AppError(
      'METER_READING_IN_FUTURE',
      `readings.${future}.readOn: ${row.readOn} (reading ${row.readingId}) is after today on the site's clock (${today})`,
    );
  }
  return db.transaction(async (tx) => {
    const codes = [...new Set(batch.readings.map((row) => row.meteringPoint.trim()))].sort();
    const points = new Map((await meterReadingRepository.lockPointsByCode(tx, client.siteId, codes)).map((point) => [point.code, point]));
    const stored = new Map(
      (
        await meterReadingRepository.byExternalIds(
          tx,
          client.siteId,
          batch.readings.map((row) => row.readingId),
        )
      ).map((reading) => [reading.externalId!, reading]),
    );
    const results: InboundReadingResult[] = [];
    for (const [index, row] of batch.readings.entries()) {
      const point = points.get(row.meteringPoint.trim());
      const earlier = stored.get(row.readingId);
      const result = { row: index, readingId: row.readingId, supersededCustomerReadings: 0 };
      if (earlier) {
        const same =
          earlier.meteringPointId === point?.id &&
          earlier.readOn === row.readOn &&
          thousandths(earlier.value) === thousandths(row.value) &&
          earlier.meterChanged === row.meterChanged;
        results.push({ ...result, outcome: same ? 'already-stored' : 'differs-from-stored', id: same ? earlier.id : null });
      } else if (!point) {
        results.push({ ...result, outcome: 'unknown-metering-point', id: null });
      } else {
        const { id, replaced } = await recordMeasuredReading(
          tx,
          point,
          { readOn: row.readOn, value: row.value, meterChanged: row.meterChanged, externalId: row.readingId },
          now,
        );
        results.push({ ...result, outcome: 'stored', id, supersededCustomerReadings: replaced.length });
      }
    }
    const count = (outcome: InboundReadingResult['outcome']) => results.filter((result) => result.outcome === outcome).length;
    return {
      stored: count('stored'),
      alreadyStored: count('already-stored'),
      notStored: count('unknown-metering-point') + count('differs-from-stored'),
      results,
    };
  });
}
