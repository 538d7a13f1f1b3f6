import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { feedbackForm, feedbackSubmission } from '../../db/schema/feedback.ts';
import { auditLog, person } from '../../db/schema/identity.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describe('feedback survey', () => {
  const ctx = useTestApp();
  let aino: string;
  let mikko: string;
  let admin: string;
  let otherAdmin: string;
  let virmaliseCustomer: string;

  const call = (method: Method, url: string, cookie: string | undefined, body?: unknown, host: string = HOSTS.lumo) =>
    ctx.app.inject({
      method,
      url,
      headers: { host, ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
  const addActiveForm = async () => {
    const added = await call('POST', '/api/admin/site/lumo/feedback-form/add', admin);
    expect(added.statusCode).toBe(201);
    const formId = added.json().formId as string;
    const activated = await call('PATCH', '/api/admin/site/lumo/feedback-form/update', admin, { formId, active: true });
    expect(activated.statusCode).toBe(200);
    return formId;
  };

  beforeAll(async () => {
    const db = ctx.database.db;
    // The demo sites start with an active form; these tests begin without one.
    await db.update(feedbackForm).set({ active: false });
    aino = await sessionCookieFor(db, PEOPLE.aino, 'lumo');
    mikko = await sessionCookieFor(db, PEOPLE.mikko, 'lumo');
    admin = await sessionCookieFor(db, PEOPLE.jukkaAdmin, 'lumo');
    otherAdmin = await sessionCookieFor(db, PEOPLE.toomasAdmin, 'virmalise');
    virmaliseCustomer = await sessionCookieFor(db, PEOPLE.jaan, 'virmalise');
  });

  it('has no form until an administrator adds and activates one', async () => {
    expect((await call('GET', '/api/feedback/form', aino)).json()).toBeNull();
    const added = await call('POST', '/api/admin/site/lumo/feedback-form/add', admin);
    expect(added.json()).toMatchObject({ active: false, submissionCount: 0, averageRating: null });
    expect((await call('GET', '/api/feedback/form', aino)).json()).toBeNull();
  });

  it('asks once per renewal: answered, the form is gone for that person until renewed', async () => {
    const formId = await addActiveForm();
    const form = (await call('GET', '/api/feedback/form', aino)).json();
    expect(form).toEqual({ id: formId, refreshedAt: expect.any(String) });

    const sent = await call('PUT', '/api/feedback/send', aino, { formId, rating: '4', openText: 'Clear invoices' });
    expect(sent.statusCode).toBe(204);
    expect((await call('GET', '/api/feedback/form', aino)).json()).toBeNull();
    expect((await call('GET', '/api/feedback/form', mikko)).json()).toMatchObject({ id: formId });

    const again = await call('PUT', '/api/feedback/send', aino, { formId, rating: 5 });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'FEEDBACK_ALREADY_SENT' });

    const renewed = await call('PATCH', '/api/admin/site/lumo/feedback-form/update', admin, { formId, renew: true });
    expect(renewed.json().refreshedAt > form.refreshedAt).toBe(true);
    expect((await call('GET', '/api/feedback/form', aino)).json()).toMatchObject({ id: formId, refreshedAt: renewed.json().refreshedAt });
    expect((await call('PUT', '/api/feedback/send', aino, { formId, rating: 2 })).statusCode).toBe(204);
    expect((await call('PUT', '/api/feedback/send', mikko, { formId, rating: 3 })).statusCode).toBe(204);

    const read = (await call('GET', `/api/admin/site/lumo/feedback/${formId}`, admin)).json();
    expect(read.form).toMatchObject({ formId, active: true, submissionCount: 3, averageRating: 3 });
    expect(read.distribution).toEqual([
      { rating: 1, count: 0 },
      { rating: 2, count: 1 },
      { rating: 3, count: 1 },
      { rating: 4, count: 1 },
      { rating: 5, count: 0 },
    ]);
    expect(read.submissions.map((item: { rating: number }) => item.rating).sort()).toEqual([2, 3, 4]);
    // Administrators read opinions, not who gave them.
    expect(JSON.stringify(read)).not.toContain('Aino');
    expect(Object.keys(read.submissions[0]).sort()).toEqual(['createdAt', 'id', 'openText', 'rating']);
  });

  it('refuses a missing or non-number rating (no-rating) and one outside 1–5 (invalid-rating) with 400, writing nothing', async () => {
    const formId = await addActiveForm();
    const before = await ctx.database.db.select().from(feedbackSubmission).where(eq(feedbackSubmission.formId, formId));
    for (const body of [{ formId }, { formId, rating: 'five' }, { formId, rating: 0 }, { formId, rating: 6 }, { formId, rating: 2.5 }]) {
      const response = await call('PUT', '/api/feedback/send', mikko, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(/rating/i);
    }
    expect((await call('PUT', '/api/feedback/send', mikko, { formId, rating: 3, openText: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await call('PUT', '/api/feedback/send', mikko, { rating: 3 })).statusCode).toBe(400);
    const after = await ctx.database.db.select().from(feedbackSubmission).where(eq(feedbackSubmission.formId, formId));
    expect(after).toHaveLength(before.length);
  });

  it('keeps one active form per site: activating another switches the first off, and an inactive form takes no answers', async () => {
    const first = await addActiveForm();
    const second = await addActiveForm();
    const forms = (await call('GET', '/api/admin/site/lumo/feedback-form', admin)).json<{ formId: string; active: boolean }[]>();
    expect(forms.filter((form) => form.active).map((form) => form.formId)).toEqual([second]);
    expect(forms[0]!.formId).toBe(second);
    const response = await call('PUT', '/api/feedback/send', aino, { formId: first, rating: 3 });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'FEEDBACK_FORM_NOT_FOUND' });
  });

  it("never crosses sites: another site's customer cannot answer, another site's admin cannot read or change", async () => {
    const formId = await addActiveForm();
    const foreign = await call('PUT', '/api/feedback/send', virmaliseCustomer, { formId, rating: 5 }, HOSTS.virmalise);
    expect(foreign.statusCode).toBe(404);
    expect((await call('GET', '/api/feedback/form', virmaliseCustomer, undefined, HOSTS.virmalise)).json()).toBeNull();

    // Virmalise's administrator, reaching for Lumo by id on their own host, and by Lumo's host with a Virmalise session.
    for (const [method, url, body] of [
      ['GET', '/api/admin/site/lumo/feedback-form', undefined],
      ['POST', '/api/admin/site/lumo/feedback-form/add', undefined],
      ['PATCH', '/api/admin/site/lumo/feedback-form/update', { formId, active: false }],
      ['DELETE', '/api/admin/site/lumo/feedback-submissions', { formId }],
      ['GET', `/api/admin/site/lumo/feedback/${formId}`, undefined],
    ] as const) {
      const response = await call(method, url, otherAdmin, body, HOSTS.virmalise);
      expect(response.statusCode, url).toBe(403);
      expect((await call(method, url, undefined, body)).statusCode, url).toBe(401);
      expect((await call(method, url, aino, body)).statusCode, url).toBe(403);
    }
    // Their own site's calls with Lumo's form id find nothing.
    expect((await call('GET', `/api/admin/site/virmalise/feedback/${formId}`, otherAdmin, undefined, HOSTS.virmalise)).statusCode).toBe(
      404,
    );
    const changed = await call(
      'PATCH',
      '/api/admin/site/virmalise/feedback-form/update',
      otherAdmin,
      { formId, active: false },
      HOSTS.virmalise,
    );
    expect(changed.statusCode).toBe(404);
    const deleted = await call('DELETE', '/api/admin/site/virmalise/feedback-submissions', otherAdmin, { formId }, HOSTS.virmalise);
    expect(deleted.statusCode).toBe(404);
    expect(
      (await call('GET', '/api/admin/site/lumo/feedback-form', admin)).json().find((form: { formId: string }) => form.formId === formId),
    ).toMatchObject({
      active: true,
    });
  });

  it('deletes the answers of one form and audits every change', async () => {
    const formId = await addActiveForm();
    await call('PUT', '/api/feedback/send', aino, { formId, rating: 1 });
    const deleted = await call('DELETE', '/api/admin/site/lumo/feedback-submissions', admin, { formId });
    expect(deleted.json()).toEqual({ deleted: 1 });
    expect((await call('GET', `/api/admin/site/lumo/feedback/${formId}`, admin)).json().submissions).toEqual([]);
    const [jukka] = await ctx.database.db.select({ id: person.id }).from(person).where(eq(person.ssn, PEOPLE.jukkaAdmin));
    const lines = await ctx.database.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.siteId, 'lumo'), eq(auditLog.personId, jukka!.id)));
    const actions = lines.map((line) => line.action);
    expect(actions).toContain('feedback form added');
    expect(actions).toContain('feedback form updated');
    expect(lines).toContainEqual({ action: 'feedback submissions deleted', details: `${formId} count=1` });
  });

  it('refuses bad admin input with 400 and unknown forms with 404', async () => {
    expect((await call('PATCH', '/api/admin/site/lumo/feedback-form/update', admin, { formId: 'x', active: 'yes' })).statusCode).toBe(400);
    expect((await call('PATCH', '/api/admin/site/lumo/feedback-form/update', admin, { active: true })).statusCode).toBe(400);
    expect((await call('DELETE', '/api/admin/site/lumo/feedback-submissions', admin, {})).statusCode).toBe(400);
    expect(
      (await call('PATCH', '/api/admin/site/lumo/feedback-form/update', admin, { formId: 'no-such-form', active: true })).statusCode,
    ).toBe(404);
  });

  it('does not exist on a site without the survey', async () => {
    const janis = await sessionCookieFor(ctx.database.db, 'LV220790-45671', 'daugava');
    const response = await call('GET', '/api/feedback/form', janis, undefined, HOSTS.daugava);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'FEATURE_DISABLED' });
    expect((await call('PUT', '/api/feedback/send', janis, { formId: 'daugava-survey', rating: 3 }, HOSTS.daugava)).statusCode).toBe(404);
  });

  it('asks only verified people', async () => {
    const formId = await addActiveForm();
    await ctx.database.db.update(person).set({ verifiedAt: null }).where(eq(person.ssn, PEOPLE.mikko));
    // A change made past the API reaches the actor cache by NOTIFY: wait until this copy has heard it.
    await ctx.app.actorCache.caughtUp();
    expect((await call('GET', '/api/feedback/form', mikko)).json()).toBeNull();
    const response = await call('PUT', '/api/feedback/send', mikko, { formId, rating: 4 });
    expect(response.statusCode).toBe(403);
  });
});
