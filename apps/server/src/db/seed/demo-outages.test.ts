import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { job } from '../schema/jobs.ts';
import { meterEvent, outage, outageContact } from '../schema/outages.ts';
import { gsrn } from './demo-energy-catalogue.ts';
import { seedDemoEnergy } from './demo-energy.ts';
import { seedDemoOutages } from './demo-outages.ts';

describe('demo outages', () => {
  const ctx = useTestApp();

  it("gives Aino an outage on her street whenever the demo starts, her meter's history and her outage contacts, once", async () => {
    const db = ctx.database.db;
    await seedDemoEnergy(db, { historyDays: 1, clientCodes: ['LUMO-100001'] });
    await seedDemoOutages(db);
    const counts = async () => ({
      outages: (await db.select().from(outage)).length,
      events: (await db.select().from(meterEvent)).length,
      contacts: (await db.select().from(outageContact)).length,
      notices: (await db.select().from(job).where(eq(job.kind, 'outages.notice'))).length,
    });
    const first = await counts();
    await seedDemoOutages(db);
    expect(await counts()).toEqual(first);
    expect(first.contacts).toBe(2);

    const aino = await sessionCookieFor(db, PEOPLE.aino, 'lumo');
    const get = (url: string) => ctx.app.inject({ url, headers: { host: HOSTS.lumo, cookie: aino } });
    const [own] = (await get('/api/outages')).json();
    expect(own).toMatchObject({ gridArea: 'Espoo', myPlaces: ['Kuusikallionkuja 7'] });
    const kinds = (await get(`/api/outages/meter-events/${gsrn('64300110000054321')}`)).json().map((item: { kind: string }) => item.kind);
    expect(kinds).toEqual(expect.arrayContaining(['voltage-high', 'power-off', 'power-on']));
  });
});
