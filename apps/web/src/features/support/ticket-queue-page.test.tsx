import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffQueue } from '@portal/schema/support';
import { callsTo, stubApi } from '../../test/api-stub.ts';
import { buildActorInfo, buildSession } from '../../test/identity-factories.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { buildSite } from '../../test/test-site.ts';
import { TicketQueuePage } from './ticket-queue-page.tsx';

const QUEUE: StaffQueue = {
  handlerGroups: [
    { code: 'BILLING', name: 'Invoices and payments' },
    { code: 'METERING', name: 'Meter and consumption' },
  ],
  tickets: [
    {
      id: 'tk-9',
      requestType: 'CONTACTREQ',
      subtypeCode: 'METER_READING',
      subtypeName: 'Meter reading',
      topicCode: 'METERING',
      status: 'TS1',
      statusName: 'OPEN',
      channelCode: 'EMAIL',
      message: 'A photo of my meter is attached.',
      createdAt: '2026-11-02T08:15:00.000Z',
      updatedAt: '2026-11-02T08:15:00.000Z',
      attachments: [
        { id: 'f-9', fileName: 'meter.jpg', contentType: 'image/jpeg', sizeBytes: 2_400_000, createdAt: '2026-11-02T08:15:00.000Z' },
      ],
      comments: [],
      satisfaction: null,
      handlerGroup: 'METERING',
      handlerGroupName: 'Meter and consumption',
      customerName: 'Mikko Korhonen',
      clientCode: 'LUMO-100002',
      contactName: 'Mikko Korhonen',
      email: 'mikko@example.fi',
      phone: null,
      assigneeName: null,
      assignedToMe: false,
    },
  ],
};

describe("customer service's queue", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("downloads the customer's file through customer service's call and answers with a file, validated before sending", async () => {
    const fetchMock = stubApi({
      'GET /api/auth/session': buildSession(),
      'GET /api/info': buildActorInfo({ staffRoles: ['customer-service'] }),
      'GET /api/staff/support/tickets': QUEUE,
      'POST /api/staff/support/tickets/tk-9/replies': new Response(null, { status: 204 }),
    });
    await renderWithProviders(<TicketQueuePage />, { site: buildSite({ features: ['SUPPORT'] }), path: '/staff/tickets' });
    const ticket = await screen.findByRole('article', { name: /Meter reading · Mikko Korhonen/ });
    // The group by what it handles, never its code.
    expect(ticket).toHaveTextContent('Meter and consumption');
    expect(ticket).not.toHaveTextContent('METERING');
    await userEvent.click(screen.getByRole('combobox', { name: 'Handler group' }));
    expect(await screen.findByRole('option', { name: 'Invoices and payments' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(within(ticket).getByRole('link', { name: /meter\.jpg \(2\.3 MB\)/ })).toHaveAttribute(
      'href',
      '/api/staff/support/tickets/tk-9/attachments/f-9',
    );

    await userEvent.click(within(ticket).getByRole('button', { name: 'Send reply' }));
    expect(await within(ticket).findByText('Write a comment first.')).toBeInTheDocument();
    await userEvent.type(within(ticket).getByRole('textbox', { name: 'Reply to the customer' }), 'Instructions attached.');
    await userEvent.upload(
      ticket.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File([new Uint8Array(64)], 'instructions.pdf', { type: 'application/pdf' }),
    );
    await userEvent.click(within(ticket).getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/staff/support/tickets/tk-9/replies')).toHaveLength(1));
    const body = callsTo(fetchMock, 'POST', '/api/staff/support/tickets/tk-9/replies')[0]!.body as FormData;
    expect(JSON.parse(body.get('request') as string)).toEqual({ comment: 'Instructions attached.' });
    expect((body.get('files') as File).name).toBe('instructions.pdf');
  });
});
