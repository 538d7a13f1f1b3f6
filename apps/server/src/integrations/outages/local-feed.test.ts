import { describe, expect, it } from 'vitest';
import { localOutageFeed } from './local-feed.ts';

describe('local outage feed (demo mode)', () => {
  it('starts and ends its outages as time passes, the same way for the same instant', async () => {
    const statusAt = async (iso: string) =>
      Object.fromEntries(
        (await localOutageFeed.outages('lumo', new Date(iso)))
          .filter((outage) => outage.externalId.startsWith('espoo-kuusikallio'))
          .map((outage) => [outage.externalId, [outage.status, outage.endedAt?.toISOString() ?? null]]),
      );
    // Daily 07:00–09:00 UTC, announced two days ahead, listed a day after it ended.
    expect(await statusAt('2026-01-15T06:59:00Z')).toEqual({
      'espoo-kuusikallio-2026-01-14': ['ended', '2026-01-14T09:00:00.000Z'],
      'espoo-kuusikallio-2026-01-15': ['planned', null],
      'espoo-kuusikallio-2026-01-16': ['planned', null],
    });
    expect(await statusAt('2026-01-15T07:00:00Z')).toMatchObject({
      'espoo-kuusikallio-2026-01-15': ['current', null],
      'espoo-kuusikallio-2026-01-17': ['planned', null],
    });
    expect((await statusAt('2026-01-15T09:00:00Z'))['espoo-kuusikallio-2026-01-15']).toEqual(['ended', '2026-01-15T09:00:00.000Z']);
    expect(await statusAt('2026-01-15T09:00:00Z')).not.toHaveProperty('espoo-kuusikallio-2026-01-14');
    expect(await localOutageFeed.outages('lumo', new Date('2026-01-15T08:00:00Z'))).toEqual(
      await localOutageFeed.outages('lumo', new Date('2026-01-15T08:00:00Z')),
    );
  });

  it("answers each site with its own grid's outages only", async () => {
    const virmalise = await localOutageFeed.outages('virmalise', new Date('2026-01-15T08:00:00Z'));
    expect(new Set(virmalise.map((outage) => outage.gridArea))).toEqual(new Set(['Tartu', 'Tallinn']));
    expect(await localOutageFeed.outages('nowhere', new Date('2026-01-15T08:00:00Z'))).toEqual([]);
  });
});
