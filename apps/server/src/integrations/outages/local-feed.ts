import type { OutageCause, OutageStreet } from '@portal/schema/outages';
import type { OutageSystem, ReportedOutage } from './port.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * A recurring outage of the local feed: every `everyDays` days (counted in UTC days since 1970) it starts
 * `startMinute` minutes after midnight UTC and lasts `minutes`; it is announced `announceDays` ahead and stays
 * listed for a day after it ended.
 */
type Pattern = {
  key: string;
  siteId: string;
  gridArea: string;
  cause: OutageCause;
  everyDays: number;
  startMinute: number;
  minutes: number;
  announceDays: number;
  streets: OutageStreet[];
};

/*
 * The demo sites' grids. Each demo customer's street has its own pattern, so /outages always shows them one
 * planned outage of their own, and the others show outages elsewhere in the grid area.
 */
const PATTERNS: Pattern[] = [
  {
    key: 'espoo-kuusikallio',
    siteId: 'lumo',
    gridArea: 'Espoo',
    cause: 'maintenance',
    everyDays: 1,
    startMinute: 7 * 60,
    minutes: 120,
    announceDays: 2,
    streets: [
      { street: 'Kuusikallionkuja', postalCode: '02210', city: 'Espoo' },
      { street: 'Kuusikalliontie', postalCode: '02210', city: 'Espoo' },
    ],
  },
  {
    key: 'espoo-olari',
    siteId: 'lumo',
    gridArea: 'Espoo',
    cause: 'fault',
    everyDays: 1,
    startMinute: 0,
    minutes: 16 * 60,
    announceDays: 0,
    streets: [{ street: 'Olarinkatu', postalCode: '02200', city: 'Espoo' }],
  },
  {
    key: 'tampere-hameenkatu',
    siteId: 'lumo',
    gridArea: 'Tampere',
    cause: 'construction',
    everyDays: 2,
    startMinute: 8 * 60,
    minutes: 180,
    announceDays: 3,
    streets: [{ street: 'Hämeenkatu', postalCode: '33200', city: 'Tampere' }],
  },
  {
    key: 'tartu-tammelinna',
    siteId: 'virmalise',
    gridArea: 'Tartu',
    cause: 'maintenance',
    everyDays: 1,
    startMinute: 6 * 60,
    minutes: 90,
    announceDays: 2,
    streets: [{ street: 'Tammelinna', postalCode: '50105', city: 'Tartu' }],
  },
  {
    key: 'tallinn-kristiine',
    siteId: 'virmalise',
    gridArea: 'Tallinn',
    cause: 'storm',
    everyDays: 1,
    startMinute: 12 * 60,
    minutes: 10 * 60,
    announceDays: 0,
    streets: [{ street: 'Pärnu mnt', postalCode: '10141', city: 'Tallinn' }],
  },
  {
    // Kallio Verkot's fault at Mikko's summer cottage (decision 126): current most of every day, so the network
    // operator's customers always see a fault beside the planned outages its staff publish.
    key: 'korpilahti-mokkitie',
    siteId: 'kallio',
    gridArea: 'Jyväskylä',
    cause: 'fault',
    everyDays: 1,
    startMinute: 0,
    minutes: 22 * 60,
    announceDays: 0,
    streets: [{ street: 'Mökkitie', postalCode: '41800', city: 'Korpilahti' }],
  },
  {
    key: 'riga-brivibas',
    siteId: 'daugava',
    gridArea: 'Rīga',
    cause: 'maintenance',
    everyDays: 1,
    startMinute: 7 * 60,
    minutes: 120,
    announceDays: 2,
    streets: [{ street: 'Brīvības iela', postalCode: 'LV-1001', city: 'Rīga' }],
  },
];

/** The occurrences of a pattern the outage system lists at `now`: announced, running, or ended within a day. */
function occurrences(pattern: Pattern, now: Date): ReportedOutage[] {
  const today = Math.floor(now.getTime() / DAY);
  const found: ReportedOutage[] = [];
  for (let day = today - 2; day <= today + pattern.announceDays + 1; day++) {
    if (day % pattern.everyDays !== 0) continue;
    const startsAt = new Date(day * DAY + pattern.startMinute * MINUTE);
    const endsAt = new Date(startsAt.getTime() + pattern.minutes * MINUTE);
    const announcedAt = startsAt.getTime() - pattern.announceDays * DAY;
    if (now.getTime() < announcedAt || now.getTime() >= endsAt.getTime() + DAY) continue;
    const status = now < startsAt ? 'planned' : now < endsAt ? 'current' : 'ended';
    found.push({
      externalId: `${pattern.key}-${new Date(day * DAY).toISOString().slice(0, 10)}`,
      gridArea: pattern.gridArea,
      status,
      cause: pattern.cause,
      startsAt,
      estimatedEndAt: endsAt,
      endedAt: status === 'ended' ? endsAt : null,
      streets: pattern.streets,
    });
  }
  return found;
}

/**
 * The outage system of demo mode: a calendar of recurring outages, so outages start and end as time passes, and
 * the same instant always gives the same answer (tests and the seed use it with a fixed `now`).
 */
export const localOutageFeed: OutageSystem = {
  async outages(siteId, now) {
    return PATTERNS.filter((pattern) => pattern.siteId === siteId).flatMap((pattern) => occurrences(pattern, now));
  },
};
