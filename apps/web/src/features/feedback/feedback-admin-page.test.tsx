import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { buildSite } from '../../test/test-site.ts';
import { FeedbackAdminPage } from './feedback-admin-page.tsx';

const site = buildSite({ features: ['FEEDBACK'] });
const form = (overrides: object) => ({
  formId: 'form-new',
  active: true,
  refreshedAt: '2026-11-20T08:00:00.000Z',
  createdAt: '2026-11-01T08:00:00.000Z',
  submissionCount: 3,
  averageRating: 3.67,
  ...overrides,
});

// The tests' DOM draws no canvas: the lazily loaded ECharts canvas is replaced by its text alternative.
vi.mock('../../shared/ui/echart/echart-canvas.tsx', () => ({
  default: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} />,
}));

describe('/admin/feedback', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('downloads the answers as CSV written as the page’s spreadsheets expect, a formula-like answer as text', async () => {
    stubApi({
      'GET /api/admin/site/lumo/feedback-form': [form({ submissionCount: 2 })],
      'GET /api/admin/site/lumo/feedback/form-new': {
        form: form({ submissionCount: 2 }),
        distribution: [1, 2, 3, 4, 5].map((rating) => ({ rating, count: rating === 1 || rating === 5 ? 1 : 0 })),
        submissions: [
          { id: 's1', rating: 1, openText: '=HYPERLINK("http://x")', createdAt: '2026-11-21T10:00:00.000Z' },
          { id: 's2', rating: 5, openText: 'Hyvä, "selkeä"', createdAt: '2026-11-21T09:00:00.000Z' },
        ],
      },
    });
    const created: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: (blob: Blob) => (created.push(blob), 'blob:csv'), revokeObjectURL: () => {} }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await renderWithProviders(<FeedbackAdminPage />, { site, path: '/admin/feedback' });
    await userEvent.click(await screen.findByRole('button', { name: 'Download as CSV' }));
    expect(click).toHaveBeenCalled();
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(created[0]!);
    });
    // The page is in English: commas; the answer that starts with "=" is written as text.
    expect(text.replace('\uFEFF', '').split('\r\n')).toEqual([
      'Answered,Rating,Comment',
      `21.11.2026 12:00,1,"'=HYPERLINK(""http://x"")"`,
      '21.11.2026 11:00,5,"Hyvä, ""selkeä"""',
      '',
    ]);
    click.mockRestore();
  });

  it("lists the site's forms, shows the active one's answers with the average, and changes forms through the admin calls", async () => {
    const fetchMock = stubApi({
      'GET /api/admin/site/lumo/feedback-form': [
        form({}),
        form({ formId: 'form-old', active: false, submissionCount: 0, averageRating: null, createdAt: '2026-10-01T08:00:00.000Z' }),
      ],
      'GET /api/admin/site/lumo/feedback/form-new': {
        form: form({}),
        distribution: [
          { rating: 1, count: 0 },
          { rating: 2, count: 0 },
          { rating: 3, count: 1 },
          { rating: 4, count: 2 },
          { rating: 5, count: 0 },
        ],
        submissions: [
          { id: 's1', rating: 4, openText: 'Clear invoices', createdAt: '2026-11-21T10:00:00.000Z' },
          { id: 's2', rating: 4, openText: null, createdAt: '2026-11-21T09:00:00.000Z' },
          { id: 's3', rating: 3, openText: null, createdAt: '2026-11-21T08:00:00.000Z' },
        ],
      },
      'POST /api/admin/site/lumo/feedback-form/add': form({ formId: 'form-added', active: false }),
      'PATCH /api/admin/site/lumo/feedback-form/update': form({ formId: 'form-old' }),
    });
    await renderWithProviders(<FeedbackAdminPage />, { site, path: '/admin/feedback' });
    expect(screen.getByRole('heading', { level: 1, name: 'Feedback survey' })).toBeInTheDocument();
    const forms = await screen.findByRole('table', { name: 'Feedback forms' });
    const rows = within(forms).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('01.11.2026 10:00');
    expect(rows[0]).toHaveTextContent('Active');
    expect(rows[0]).toHaveTextContent('3.67');

    expect(await screen.findByTestId('feedback-average')).toHaveTextContent('Average rating 3.67 (answers: 3)');
    expect(
      await screen.findByRole(
        'img',
        { name: 'Answers per rating: Rating 1: 0, Rating 2: 0, Rating 3: 1, Rating 4: 2, Rating 5: 0' },
        { timeout: 5_000 },
      ),
    ).toBeInTheDocument();
    const counts = screen.getByRole('table', { name: 'Answers per rating' });
    expect(within(counts).getByRole('row', { name: /Answers/ })).toHaveTextContent('Answers00120');
    expect(screen.getByRole('table', { name: 'Answers' })).toHaveTextContent('Clear invoices');
    expect(screen.getByRole('button', { name: 'Download as CSV' })).toBeEnabled();

    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Activate' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH', '/api/admin/site/lumo/feedback-form/update')[0]?.body).toEqual({
        formId: 'form-old',
        active: true,
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add form' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/admin/site/lumo/feedback-form/add')).toHaveLength(1));
  });

  it('deletes a form’s answers only after confirming', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/site/lumo/feedback-form': [form({ submissionCount: 1, averageRating: 5 })],
      'GET /api/admin/site/lumo/feedback/form-new': {
        form: form({ submissionCount: 1, averageRating: 5 }),
        distribution: [1, 2, 3, 4, 5].map((rating) => ({ rating, count: rating === 5 ? 1 : 0 })),
        submissions: [{ id: 's1', rating: 5, openText: null, createdAt: '2026-11-21T10:00:00.000Z' }],
      },
      'DELETE /api/admin/site/lumo/feedback-submissions': { deleted: 1 },
    });
    await renderWithProviders(<FeedbackAdminPage />, { site, path: '/admin/feedback' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete answers' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete answers' });
    expect(callsTo(fetchMock, 'DELETE', '/api/admin/site/lumo/feedback-submissions')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: /confirm/i }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'DELETE', '/api/admin/site/lumo/feedback-submissions')[0]?.body).toEqual({ formId: 'form-new' }),
    );
  });

  it('tells an administrator without forms how to start', async () => {
    stubApi({ 'GET /api/admin/site/lumo/feedback-form': [] });
    await renderWithProviders(<FeedbackAdminPage />, { site, path: '/admin/feedback' });
    expect(await screen.findByText(/No feedback forms yet/)).toBeInTheDocument();
  });
});
