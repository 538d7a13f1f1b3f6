import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TicketDetail } from '@portal/schema/support';
import { callsTo, stubApi } from '../../test/api-stub.ts';
import { buildActorInfo, buildSession } from '../../test/identity-factories.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { buildSite } from '../../test/test-site.ts';
import { SupportPage } from './support-page.tsx';

const site = buildSite({ features: ['SUPPORT'] });

const TICKET: TicketDetail = {
  id: 'tk-1',
  requestType: 'CONTACTREQ',
  subtypeCode: 'INVOICE_QUESTION',
  subtypeName: 'Question about an invoice',
  status: 'TS2',
  statusName: 'ASSIGNED',
  channelCode: null,
  message: 'Why is it higher?',
  createdAt: '2026-11-02T08:15:00.000Z',
  updatedAt: '2026-11-02T12:40:00.000Z',
  comments: [{ id: 'c-1', author: 'staff', authorName: null, comment: 'October was colder.', createdAt: '2026-11-02T12:40:00.000Z' }],
};

function stubSupport(tickets: TicketDetail[] = []) {
  return stubApi({
    'GET /api/auth/session': buildSession(),
    'GET /api/info': buildActorInfo(),
    'GET /api/support/subtypes': [
      { code: 'INVOICE_QUESTION', topicCode: 'BILLING', name: 'Question about an invoice' },
      { code: 'METER_READING', topicCode: 'METERING', name: 'Meter reading' },
    ],
    'GET /api/me/support/tickets': tickets,
    'POST /api/support/send': { id: 'tk-new' },
    'POST /api/support/tickets/tk-1/close': new Response(null, { status: 204 }),
  });
}

describe('the support page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for a subject and a message before sending, and sends only the fields filled in', async () => {
    const fetchMock = stubSupport();
    await renderWithProviders(<SupportPage />, { site, path: '/support' });
    const form = await screen.findByRole('region', { name: 'Contact customer service' });
    expect(within(form).getByRole('textbox', { name: /Your name/ })).toHaveValue('Maria Virtanen');

    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByText('Choose a subject.')).toBeInTheDocument();
    expect(within(form).getByText('Write a message.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/support/send')).toHaveLength(0);

    await userEvent.click(within(form).getByRole('combobox', { name: /Subject/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Meter reading' }));
    await userEvent.type(within(form).getByRole('textbox', { name: /Message/ }), 'The meter shows 12345');
    await userEvent.type(within(form).getByRole('textbox', { name: /Phone number/ }), '12');
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByText(/Enter a valid phone number/)).toBeInTheDocument();

    await userEvent.clear(within(form).getByRole('textbox', { name: /Phone number/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/support/send')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', '/api/support/send')[0]!.body).toEqual({
      name: 'Maria Virtanen',
      subtypeCode: 'METER_READING',
      message: 'The meter shows 12345',
    });
  });

  it('asks for an address when the answer should come by e-mail', async () => {
    const fetchMock = stubSupport();
    await renderWithProviders(<SupportPage />, { site, path: '/support' });
    const form = await screen.findByRole('region', { name: 'Contact customer service' });
    await userEvent.click(within(form).getByRole('combobox', { name: /Subject/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Meter reading' }));
    await userEvent.type(within(form).getByRole('textbox', { name: /Message/ }), 'Hello');
    await userEvent.click(within(form).getByRole('combobox', { name: /How should we answer/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'By e-mail' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByText('Give an e-mail address so that we can answer by e-mail.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/support/send')).toHaveLength(0);
  });

  it("lists the customer's tickets with customer service's reply and closes one as resolved", async () => {
    const fetchMock = stubSupport([TICKET]);
    await renderWithProviders(<SupportPage />, { site, path: '/support' });
    const ticket = await screen.findByRole('article', { name: 'Question about an invoice' });
    expect(within(ticket).getByText('In progress')).toBeInTheDocument();
    expect(within(ticket).getByText('October was colder.')).toBeInTheDocument();
    await userEvent.click(within(ticket).getByRole('button', { name: 'Close as resolved' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/support/tickets/tk-1/close')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', '/api/support/tickets/tk-1/close')[0]!.body).toEqual({ status: 'TS4' });
  });
});
