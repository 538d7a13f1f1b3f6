import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { buildInvoiceSummary } from './invoice-factories.ts';
import { PostponeDialog } from './postpone-dialog.tsx';

const invoice = buildInvoiceSummary();
const typeDate = (value: string) => fireEvent.change(screen.getByLabelText(/New due date/), { target: { value } });

describe('postpone dialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('limits the date input to the dates the rules allow and explains them', async () => {
    stubApi({});
    await renderWithProviders(<PostponeDialog invoice={invoice} opened onClose={() => {}} />);
    const input = await screen.findByLabelText(/New due date/);
    expect(input).toHaveAttribute('type', 'date');
    expect(input).toHaveAttribute('min', '2026-11-27');
    expect(input).toHaveAttribute('max', '2026-12-10');
    expect(screen.getByText('Between 27.11.2026 and 10.12.2026')).toBeInTheDocument();
    expect(screen.getByText(/can be moved once, by at most 14 days/)).toBeInTheDocument();
  });

  it('asks for a date and refuses one outside the range without calling the server', async () => {
    const fetchMock = stubApi({});
    await renderWithProviders(<PostponeDialog invoice={invoice} opened onClose={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Postpone' }));
    expect(await screen.findByText('Choose a date.')).toBeInTheDocument();
    typeDate('2026-12-24');
    await userEvent.click(screen.getByRole('button', { name: 'Postpone' }));
    expect(await screen.findByText('Choose a date between 27.11.2026 and 10.12.2026.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', `/api/invoices/${invoice.invoiceNumber}/postpone`)).toHaveLength(0);
  });

  it('sends the chosen date, closes and refreshes the invoice lists', async () => {
    const fetchMock = stubApi({ [`PUT /api/invoices/${invoice.invoiceNumber}/postpone`]: buildInvoiceSummary({ dueDate: '2026-12-03' }) });
    const onClose = vi.fn();
    const { queryClient } = await renderWithProviders(<PostponeDialog invoice={invoice} opened onClose={onClose} />);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    typeDate('2026-12-03');
    await userEvent.click(screen.getByRole('button', { name: 'Postpone' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(fetchMock, 'PUT', `/api/invoices/${invoice.invoiceNumber}/postpone`)[0]!.body).toEqual({ dueDate: '2026-12-03' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['invoices'] });
    expect(await screen.findByText('Invoice SC-100001-202610 is now due on 03.12.2026.')).toBeInTheDocument();
  });

  it('shows the server’s refusal in the person’s language', async () => {
    stubApi({
      [`PUT /api/invoices/${invoice.invoiceNumber}/postpone`]: new Response(
        JSON.stringify({ name: 'ConflictError', message: 'already postponed', code: 'POSTPONEMENT_LIMIT_REACHED', statusCode: 409, requestId: 'r' }),
        { status: 409, headers: { 'content-type': 'application/json' } },
      ),
    });
    await renderWithProviders(<PostponeDialog invoice={invoice} opened onClose={() => {}} />);
    typeDate('2026-12-01');
    await userEvent.click(screen.getByRole('button', { name: 'Postpone' }));
    expect(await screen.findByText('The due date of this invoice has already been postponed as many times as allowed.')).toBeInTheDocument();
  });

  it('says why when the invoice can no longer be postponed', async () => {
    stubApi({});
    const closed = buildInvoiceSummary({ postponement: { ...invoice.postponement, allowed: false, minDate: null, maxDate: null, refusal: 'POSTPONEMENT_WINDOW_CLOSED' } });
    await renderWithProviders(<PostponeDialog invoice={closed} opened onClose={() => {}} />);
    expect(await screen.findByText(/too late to postpone/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/New due date/)).not.toBeInTheDocument();
  });
});
