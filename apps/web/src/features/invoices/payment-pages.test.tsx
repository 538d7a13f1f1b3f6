import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { buildPayment } from './invoice-factories.ts';
import { PaymentConfirmationPage, PaymentFailedPage, PaymentProcessingPage, PaymentWaitingPage } from './payment-pages.tsx';

const payment = buildPayment();
const paymentPath = `/api/payments/${payment.id}`;
const props = (onStep = vi.fn()) => ({ invoiceId: payment.invoiceId, paymentId: payment.id, onStep });

describe('payment-flow pages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('processing: moves on to the confirmation when the payment is confirmed', async () => {
    stubApi({ [`GET ${paymentPath}`]: buildPayment({ status: 'confirmed' }) });
    const onStep = vi.fn();
    await renderWithProviders(<PaymentProcessingPage {...props(onStep)} />, { path: '/invoices/x/payment-processing' });
    expect(screen.getByRole('heading', { name: 'Checking your payment' })).toBeInTheDocument();
    await waitFor(() => expect(onStep).toHaveBeenCalledWith('confirmation'));
  });

  it('processing: moves on to the failure page when the payment failed', async () => {
    stubApi({ [`GET ${paymentPath}`]: buildPayment({ status: 'failed' }) });
    const onStep = vi.fn();
    await renderWithProviders(<PaymentProcessingPage {...props(onStep)} />);
    await waitFor(() => expect(onStep).toHaveBeenCalledWith('failed'));
  });

  it('processing: without a payment id says so and leads back to the invoices', async () => {
    stubApi({});
    await renderWithProviders(<PaymentProcessingPage invoiceId="x" onStep={vi.fn()} />);
    expect(screen.getByText(/could not find this payment/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to invoices' })).toHaveAttribute('href', '/invoices');
  });

  it('waiting: explains what to do while pending and checks again on request', async () => {
    let status: 'pending' | 'confirmed' = 'pending';
    const fetchMock = stubApi({ [`GET ${paymentPath}`]: () => buildPayment({ status }) });
    const onStep = vi.fn();
    await renderWithProviders(<PaymentWaitingPage {...props(onStep)} />);
    expect(screen.getByRole('heading', { name: 'Waiting for the bank to confirm' })).toBeInTheDocument();
    expect(screen.getByText(/Please do not pay the same invoice again/)).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'GET', paymentPath)).toHaveLength(1));
    expect(onStep).not.toHaveBeenCalled();
    status = 'confirmed';
    await userEvent.click(screen.getByRole('button', { name: 'Check now' }));
    await waitFor(() => expect(onStep).toHaveBeenCalledWith('confirmation'));
  });

  it('refund due: a payment that came after the invoice was paid says the money goes back, offering no retry', async () => {
    const onStep = vi.fn();
    stubApi({ [`GET ${paymentPath}`]: buildPayment({ status: 'refund-due' }) });
    await renderWithProviders(<PaymentProcessingPage {...props(onStep)} />);
    await waitFor(() => expect(onStep).toHaveBeenCalledWith('failed'));
    await renderWithProviders(<PaymentFailedPage {...props()} />);
    expect(await screen.findByRole('heading', { name: 'This invoice was already paid' })).toBeInTheDocument();
    expect(screen.getByText(/will be returned to your account/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('confirmation: names the invoice and the amount paid', async () => {
    stubApi({ [`GET ${paymentPath}`]: buildPayment({ status: 'confirmed' }) });
    await renderWithProviders(<PaymentConfirmationPage {...props()} />);
    expect(screen.getByRole('heading', { name: 'Payment received' })).toBeInTheDocument();
    expect(await screen.findByText('Thank you! Invoice SC-100001-202610 of €154.93 is now paid.')).toBeInTheDocument();
  });

  it('failed: says nothing was taken and starts a new payment on retry', async () => {
    const fetchMock = stubApi({
      [`GET ${paymentPath}`]: buildPayment({ status: 'failed' }),
      'POST /api/invoices/SC-100001-202610/payments': new Response(
        JSON.stringify({ paymentId: 'p2', provider: 'SIMULATOR', redirectUrl: '#simulator' }),
        {
          status: 201,
          headers: { 'content-type': 'application/json' },
        },
      ),
    });
    await renderWithProviders(<PaymentFailedPage {...props()} />);
    expect(screen.getByRole('heading', { name: 'The payment did not go through' })).toBeInTheDocument();
    expect(screen.getByText(/No money was taken/)).toBeInTheDocument();
    const retry = screen.getByRole('button', { name: 'Try again' });
    await waitFor(() => expect(retry).toBeEnabled());
    await userEvent.click(retry);
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/invoices/SC-100001-202610/payments')).toHaveLength(1));
  });
});
