import type { InvoiceSummary } from '@portal/schema/invoices';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { buildInvoiceSummary } from './invoice-factories.ts';
import { PostponeDialog } from './postpone-dialog.tsx';

const invoice = buildInvoiceSummary();
const dateInput = () => screen.findByRole('textbox', { name: /New due date/ });
const postponeButton = () => screen.getByRole('button', { name: 'Postpone' });

describe('postpone dialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers only the dates the rules allow, in weeks from Monday, and explains them', async () => {
    stubApi({});
    await renderWithProviders(<PostponeDialog invoice={invoice} opened onClose={() => {}} />);
    const input = await dateInput();
    expect(input).toHaveAttribute('placeholder', 'dd.mm.yyyy');
    expect(screen.getByText('Between 27.11.2026 and 10.12.2026')).toBeInTheDocument();
    expect(screen.getByText(/can be moved once, by at most 14 days/)).toBeInTheDocument();

    await userEvent.click(input);
    const calendar = await screen.findByRole('table');
    expect(within(calendar).getAllByRole('columnheader')[0]).toHaveTextContent('Mo');
    expect(screen.getByRole('button', { name: '26 November 2026' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('button', { name: '10 December 2026' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '11 December 2026' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    await userEvent.click(screen.getByRole('button', { name: '27 November 2026' }));
    expect(input).toHaveValue('27.11.2026');
  });

  it('asks for a date, and keeps no date typed outside the range, without calling the server', async () => {
    const fetchMock = stubApi({});
    await renderWithProviders(<PostponeDialog invoice={invoice} opened onClose={() => {}} />);
    await userEvent.click(postponeButton());
    expect(await screen.findByText('Choose a date.')).toBeInTheDocument();
    await userEvent.type(await dateInput(), '24.12.2026');
    await userEvent.click(postponeButton());
    expect(await screen.findByText('Choose a day between 27.11.2026 and 10.12.2026.')).toBeInTheDocument();
    expect(await dateInput()).toHaveValue('24.12.2026');
    expect(callsTo(fetchMock, 'PUT', `/api/invoices/${invoice.invoiceNumber}/postpone`)).toHaveLength(0);
  });

  it('checks a chosen date again when the allowed dates change while the dialog is open', async () => {
    const fetchMock = stubApi({});
    let refetched: (next: InvoiceSummary) => void = () => {};
    function RefetchedInvoice() {
      const [current, setCurrent] = useState(invoice);
      refetched = setCurrent;
      return <PostponeDialog invoice={current} opened onClose={() => {}} />;
    }
    await renderWithProviders(<RefetchedInvoice />);
    await userEvent.type(await dateInput(), '09.12.2026');
    act(() => refetched(buildInvoiceSummary({ postponement: { ...invoice.postponement, maxDate: '2026-12-05' } })));
    await userEvent.click(postponeButton());
    expect(await screen.findByText('Choose a date between 27.11.2026 and 05.12.2026.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', `/api/invoices/${invoice.invoiceNumber}/postpone`)).toHaveLength(0);
  });

  it('sends the typed date, closes and refreshes everything that shows invoices', async () => {
    const fetchMock = stubApi({ [`PUT /api/invoices/${invoice.invoiceNumber}/postpone`]: buildInvoiceSummary({ dueDate: '2026-12-03' }) });
    const onClose = vi.fn();
    const { queryClient } = await renderWithProviders(<PostponeDialog invoice={invoice} opened onClose={onClose} />);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await userEvent.type(await dateInput(), '3.12.2026');
    await userEvent.click(postponeButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(fetchMock, 'PUT', `/api/invoices/${invoice.invoiceNumber}/postpone`)[0]!.body).toEqual({ dueDate: '2026-12-03' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['invoices'] });
    expect(await screen.findByText('Invoice SC-100001-202610 is now due on 03.12.2026.')).toBeInTheDocument();
  });

  it('shows the server’s refusal next to the date in the person’s language', async () => {
    stubApi({
      [`PUT /api/invoices/${invoice.invoiceNumber}/postpone`]: new Response(
        JSON.stringify({
          name: 'ConflictError',
          message: 'already postponed',
          code: 'POSTPONEMENT_LIMIT_REACHED',
          statusCode: 409,
          requestId: 'r',
        }),
        { status: 409, headers: { 'content-type': 'application/json' } },
      ),
    });
    await renderWithProviders(<PostponeDialog invoice={invoice} opened onClose={() => {}} />);
    await userEvent.type(await dateInput(), '01.12.2026');
    await userEvent.click(postponeButton());
    const refusal = 'The due date of this invoice has already been postponed as many times as allowed.';
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(await dateInput()).toHaveAccessibleDescription(new RegExp(refusal));
  });

  it('says why when the invoice can no longer be postponed', async () => {
    stubApi({});
    const closed = buildInvoiceSummary({
      postponement: { ...invoice.postponement, allowed: false, minDate: null, maxDate: null, refusal: 'POSTPONEMENT_WINDOW_CLOSED' },
    });
    await renderWithProviders(<PostponeDialog invoice={closed} opened onClose={() => {}} />);
    expect(await screen.findByText(/too late to postpone/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /New due date/ })).not.toBeInTheDocument();
  });
});
