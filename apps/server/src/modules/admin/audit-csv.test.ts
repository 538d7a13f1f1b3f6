import { beforeAll, describe, expect, it } from 'vitest';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';

/**
 * Issue 25: the audit-log export neutralises cells a spreadsheet would run as formulas, and (issue 24) is written as the
 * administrator's spreadsheet expects. A feature switch is audited with details such as "+FEEDBACK" or "-PWA": text that
 * Excel would otherwise take for a formula.
 */
describe('the audit log as CSV', () => {
  const ctx = useTestApp();
  let admin: string;

  const call = (method: 'GET' | 'PUT', url: string, cookie: string, body?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: { host: HOSTS.lumo, cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      payload: body ? JSON.stringify(body) : undefined,
    });

  beforeAll(async () => {
    admin = await sessionCookieFor(ctx.database.db, PEOPLE.jukkaAdmin, 'lumo');
    const { features } = (await call('GET', '/api/admin/site/lumo', admin)).json();
    await call('PUT', '/api/admin/site/lumo/features', admin, { features: features.filter((feature: string) => feature !== 'FEEDBACK') });
    await call('PUT', '/api/admin/site/lumo/features', admin, { features });
  });

  const exported = async (locale: string) => {
    const response = await call('GET', '/api/admin/site/lumo/audit.csv?action=site%20features', `${admin}; NEXT_LOCALE=${locale}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    return response.body.slice(1);
  };

  it('in Finnish: translated headers, semicolons, and "+…" and "-…" details written as text', async () => {
    const csv = await exported('fi-FI');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('Aika;Henkilö;Asiakasnumero;Asiakkaan nimi;Toimenpide;Tulos;Lisätiedot;Ennen;Jälkeen');
    expect(csv).toContain(";site features changed;ok;'+FEEDBACK;");
    expect(csv).toContain(";site features changed;ok;'-FEEDBACK;");
    expect(csv).not.toMatch(/[;,]\+FEEDBACK/);
  });

  it('in English: commas, and the same guard', async () => {
    const csv = await exported('en-GB');
    expect(csv.split('\r\n')[0]).toBe('Time,Person,Customer number,Customer name,Action,Outcome,Details,Before,After');
    expect(csv).toContain(",site features changed,ok,'-FEEDBACK,");
  });
});
