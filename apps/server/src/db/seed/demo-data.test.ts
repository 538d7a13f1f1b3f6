import { DEMO_PRODUCTS } from './demo-products.ts';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { openMigratedPglite } from '../../test-support/test-database.ts';
import { demoSeeded, seedDemoData } from './demo-data.ts';
import { DEMO_CUSTOMERS, DEMO_PEOPLE } from './demo-people.ts';
import { DEMO_SITES } from './demo-sites.ts';

/** The JSON lines a start would print, as objects. */
function capturedLog() {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { log, lines };
}

describe('a first start', () => {
  it('says what it is doing while it migrates and seeds, with counts, and counts nothing new the next time', async () => {
    const { log, lines } = capturedLog();
    const database = await openMigratedPglite({ log });
    try {
      // A first start seeds before it listens; a later one finds the demo and tops it up behind (decision 084).
      expect(await demoSeeded(database.db)).toBe(false);
      await seedDemoData(database.db, { idpIssuer: 'http://127.0.0.1:3000/idp', energyHistory: false, log });
      expect(await demoSeeded(database.db)).toBe(true);
      expect(lines.map((line) => line.msg)).toEqual(['opening embedded PGlite and applying migrations', 'demo sites and people in place']);
      expect(lines[1]).toMatchObject({
        newSites: DEMO_SITES.length,
        newPeople: DEMO_PEOPLE.length,
        newCustomers: DEMO_CUSTOMERS.length,
        newProducts: DEMO_PRODUCTS.length,
      });

      lines.length = 0;
      await seedDemoData(database.db, { idpIssuer: 'http://127.0.0.1:3000/idp', energyHistory: false, log });
      expect(lines).toEqual([
        expect.objectContaining({ msg: 'demo sites and people in place', newSites: 0, newPeople: 0, newCustomers: 0, newProducts: 0 }),
      ]);
    } finally {
      await database.close();
    }
  });
});
