import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SiteBootstrap } from '@portal/schema/site';
import { callsTo, stubApi } from '../../test/api-stub.ts';
import { buildSession } from '../../test/identity-factories.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { buildSite } from '../../test/test-site.ts';
import { ConsentStateContext, createConsentState } from '../../shared/consent/consent-state.ts';
import { FeedbackPrompt } from './feedback-prompt.tsx';
import { FIRST_VISIT_KEY } from './survey-timing.ts';

const FORM = { id: 'form-1', refreshedAt: '2026-11-01T08:00:00.000Z' };
const feedbackSite = buildSite({ features: ['FEEDBACK'] });

function stubSurvey(overrides: Record<string, unknown> = {}) {
  return stubApi({
    'GET /api/auth/session': buildSession(),
    'GET /api/feedback/form': FORM,
    'PUT /api/feedback/send': new Response(null, { status: 204 }),
    ...overrides,
  });
}

/** A returning person (first came on an earlier day) who opens `path` and goes on from it: when the survey may ask. */
async function visitAndGoOn(site: SiteBootstrap, path: string) {
  const view = await renderWithProviders(<FeedbackPrompt />, { site, path });
  await view.router.navigate({ to: path, search: { seen: 1 } as never });
  return view;
}

describe('the feedback dialog', () => {
  beforeEach(() => {
    Cookies.remove('feedback-handled', { path: '/' });
    localStorage.setItem(FIRST_VISIT_KEY, '2026-01-05');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for a rating first, then sends it with the text, shows green thanks and closes', async () => {
    const fetchMock = stubSurvey();
    const show = vi.spyOn(notifications, 'show');
    await visitAndGoOn(feedbackSite, '/dashboard');
    const dialog = await screen.findByRole('dialog', { name: 'Feedback' });
    expect(within(dialog).getAllByRole('radio')).toHaveLength(5);
    expect(within(dialog).getByRole('radio', { name: '5 – Very satisfied' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /What could we do better/ })).toHaveAttribute('rows', '6');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    expect(await within(dialog).findByText('Choose a rating.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/feedback/send')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('radio', { name: '4 – Satisfied' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /What could we do better/ }), 'Faster invoices');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'PUT', '/api/feedback/send')[0]!.body).toEqual({ formId: 'form-1', rating: 4, openText: 'Faster invoices' });
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: 'Thank you for your feedback!' }));
    expect(Date.parse(Cookies.get('feedback-handled')!)).toBeGreaterThan(Date.parse(FORM.refreshedAt));
  });

  it('closes without sending and writes the handled time, so it stays closed until the form is renewed', async () => {
    const fetchMock = stubSurvey();
    await visitAndGoOn(feedbackSite, '/invoices');
    const dialog = await screen.findByRole('dialog', { name: 'Feedback' });
    await userEvent.click(within(dialog).getByRole('button', { name: /close/i }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'PUT', '/api/feedback/send')).toHaveLength(0);
    expect(Cookies.get('feedback-handled')).toBeDefined();
  });

  it('stays closed when handled after the last renewal, and opens again when the form was renewed since', async () => {
    stubSurvey();
    Cookies.set('feedback-handled', '2026-11-02T08:00:00.000Z', { path: '/' });
    const first = await visitAndGoOn(feedbackSite, '/dashboard');
    await waitFor(() => expect(first.queryClient.getQueryData(['feedback', 'form'])).toEqual(FORM));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    first.unmount();

    stubSurvey({ 'GET /api/feedback/form': { ...FORM, refreshedAt: '2026-11-20T08:00:00.000Z' } });
    await visitAndGoOn(feedbackSite, '/dashboard');
    expect(await screen.findByRole('dialog', { name: 'Feedback' })).toBeInTheDocument();
  });

  it.each([
    ['a settings page', feedbackSite, '/settings', buildSession()],
    ['a sign-in page', feedbackSite, '/auth/signin', buildSession()],
    ['the staff workspace', feedbackSite, '/staff', buildSession()],
    ['a person not verified', feedbackSite, '/dashboard', buildSession({ verified: false })],
    ['a site without the survey', buildSite(), '/dashboard', buildSession()],
  ])('is not shown on %s, nor asked for', async (_case, site, path, session) => {
    const fetchMock = stubSurvey({ 'GET /api/auth/session': session });
    await visitAndGoOn(site, path);
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/auth/session')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(fetchMock, 'GET', '/api/feedback/form')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not open while nobody is signed in', async () => {
    const fetchMock = stubSurvey({ 'GET /api/auth/session': null });
    await renderWithProviders(<FeedbackPrompt />, { site: feedbackSite, path: '/' });
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/auth/session')).toHaveLength(1));
    expect(callsTo(fetchMock, 'GET', '/api/feedback/form')).toHaveLength(0);
  });

  it('never asks on a first visit, even after the person has done something', async () => {
    localStorage.removeItem(FIRST_VISIT_KEY);
    const fetchMock = stubSurvey();
    await visitAndGoOn(feedbackSite, '/dashboard');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(fetchMock, 'GET', '/api/feedback/form')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The first visit is remembered: on a later day the person is a returning one.
    expect(localStorage.getItem(FIRST_VISIT_KEY)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('does not ask on the page a returning person opens, only once they go on from it', async () => {
    const fetchMock = stubSurvey();
    const { router } = await renderWithProviders(<FeedbackPrompt />, { site: feedbackSite, path: '/dashboard' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(fetchMock, 'GET', '/api/feedback/form')).toHaveLength(0);
    await router.navigate({ to: '/dashboard', search: { period: 'year' } as never });
    expect(await screen.findByRole('dialog', { name: 'Feedback' })).toBeInTheDocument();
  });

  it('asks once the person has completed a change on the page they opened', async () => {
    stubSurvey();
    const { queryClient } = await renderWithProviders(<FeedbackPrompt />, { site: feedbackSite, path: '/dashboard' });
    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: async () => 'saved' })
      .execute(undefined);
    expect(await screen.findByRole('dialog', { name: 'Feedback' })).toBeInTheDocument();
  });

  it('waits while the consent banner asks its own question', async () => {
    const fetchMock = stubSurvey();
    const consent = createConsentState(true);
    const { router } = await renderWithProviders(
      <ConsentStateContext value={consent}>
        <FeedbackPrompt />
      </ConsentStateContext>,
      { site: feedbackSite, path: '/dashboard' },
    );
    await router.navigate({ to: '/dashboard', search: { period: 'year' } as never });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(fetchMock, 'GET', '/api/feedback/form')).toHaveLength(0);
    act(() => consent.answered());
    expect(await screen.findByRole('dialog', { name: 'Feedback' })).toBeInTheDocument();
  });
});
