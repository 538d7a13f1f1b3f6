import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TicketDetail } from '@portal/schema/support';
import { callsTo, stubApi } from '../../test/api-stub.ts';
import { buildActorInfo, buildProfile, buildSession } from '../../test/identity-factories.ts';
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
  topicCode: 'BILLING',
  attachments: [],
  satisfaction: null,
  comments: [
    {
      id: 'c-1',
      author: 'staff',
      authorName: null,
      comment: 'October was colder.',
      attachments: [
        { id: 'f-1', fileName: 'october.pdf', contentType: 'application/pdf', sizeBytes: 48_000, createdAt: '2026-11-02T12:40:00.000Z' },
      ],
      createdAt: '2026-11-02T12:40:00.000Z',
    },
  ],
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
    'POST /api/support/tickets/tk-1/comments': new Response(null, { status: 204 }),
    'POST /api/support/tickets/tk-1/satisfaction': new Response(null, { status: 204 }),
    'GET /api/support/topics': [
      { code: 'BILLING', name: 'Invoices and payments' },
      { code: 'METERING', name: 'Meter and consumption' },
    ],
  });
}

const photo = (name = 'meter.png', type = 'image/png', size = 1200) => new File([new Uint8Array(size)], name, { type });

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
    expect(within(ticket).getByRole('link', { name: /october\.pdf \(47 kB\)/ })).toHaveAttribute(
      'href',
      '/api/support/tickets/tk-1/attachments/f-1',
    );
    await userEvent.click(within(ticket).getByRole('button', { name: 'Close as resolved' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/support/tickets/tk-1/close')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', '/api/support/tickets/tk-1/close')[0]!.body).toEqual({ status: 'TS4' });
  });
});

/** The accessible name of each field of a form, as a screen reader announces it. */
function fieldNames(form: HTMLElement): string[] {
  const fields = form.querySelectorAll<HTMLInputElement>('input:not([type="hidden"]), select, textarea');
  return [...fields].map((field) => {
    const labelledBy = field.getAttribute('aria-labelledby');
    if (labelledBy)
      return labelledBy
        .split(' ')
        .map((id) => form.ownerDocument.getElementById(id)?.textContent ?? '')
        .join(' ');
    return field.getAttribute('aria-label') ?? field.labels?.[0]?.textContent ?? '';
  });
}

describe('a calm contact form', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('names every field differently, fills in the e-mail and phone on file, and refuses a file it does not take at once', async () => {
    stubApi({
      'GET /api/auth/session': buildSession(),
      'GET /api/info': buildActorInfo(),
      'GET /api/me': buildProfile(),
      'GET /api/support/subtypes': [{ code: 'METER_READING', topicCode: 'METERING', name: 'Mittarilukema' }],
      'GET /api/support/topics': [{ code: 'METERING', name: 'Mittari ja kulutus' }],
      'GET /api/me/support/tickets': [],
    });
    const advanced = buildSite({ features: ['SUPPORT', 'ADVANCED_SUPPORT'] });
    await renderWithProviders(<SupportPage />, { site: advanced, path: '/support', locale: 'fi-FI' });
    const form = await screen.findByRole('region', { name: 'Ota yhteyttä asiakaspalveluun' });
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Sähköpostiosoite' })).toHaveValue('maria.virtanen@example.fi'));
    expect(within(form).getByRole('textbox', { name: 'Puhelinnumero' })).toHaveValue('401234567');
    const names = fieldNames(form).map((name) => name.replace(/\s*\*$/, '').trim());
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
    expect(names).toEqual(expect.arrayContaining(['Aihe', 'Tarkempi aihe']));

    const input = form.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, [photo('notes.txt', 'text/plain')], { applyAccept: false });
    expect(await within(form).findByText('notes.txt ei ole PNG-, JPEG- tai WebP-kuva eikä PDF-asiakirja.')).toBeInTheDocument();
  });
});

describe('files and advanced support on the support page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends a contact request with its files as multipart, and refuses a file the server would refuse', async () => {
    const fetchMock = stubSupport();
    await renderWithProviders(<SupportPage />, { site, path: '/support' });
    const form = await screen.findByRole('region', { name: 'Contact customer service' });
    await userEvent.click(within(form).getByRole('combobox', { name: /Subject/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Meter reading' }));
    await userEvent.type(within(form).getByRole('textbox', { name: /Message/ }), 'A photo of the meter');
    const picker = within(form).getByText('Photos (PNG, JPEG, WebP) or PDF documents, up to 5 files of 5 MB each.');
    const input = form.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input).toHaveAttribute('accept', expect.stringContaining('application/pdf'));
    expect(picker).toBeInTheDocument();

    await userEvent.upload(input, [photo('virus.exe', 'application/x-msdownload')], { applyAccept: false });
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByText('virus.exe is not a PNG, JPEG or WebP image or a PDF document.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/support/send')).toHaveLength(0);

    await userEvent.upload(input, [photo(), photo('letter.pdf', 'application/pdf')]);
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/support/send')).toHaveLength(1));
    const body = callsTo(fetchMock, 'POST', '/api/support/send')[0]!.body as FormData;
    expect(JSON.parse(body.get('request') as string)).toEqual({
      name: 'Maria Virtanen',
      subtypeCode: 'METER_READING',
      message: 'A photo of the meter',
    });
    expect(body.getAll('files').map((file) => (file as File).name)).toEqual(['meter.png', 'letter.pdf']);
  });

  it('asks for a comment before sending it, then sends it with its file', async () => {
    const fetchMock = stubSupport([TICKET]);
    await renderWithProviders(<SupportPage />, { site, path: '/support' });
    const ticket = await screen.findByRole('article', { name: 'Question about an invoice' });
    await userEvent.click(within(ticket).getByRole('button', { name: 'Send comment' }));
    expect(await within(ticket).findByText('Write a comment first.')).toBeInTheDocument();
    await userEvent.type(within(ticket).getByRole('textbox', { name: 'Add a comment' }), 'Here is the photo.');
    await userEvent.upload(ticket.querySelector<HTMLInputElement>('input[type="file"]')!, photo());
    await userEvent.click(within(ticket).getByRole('button', { name: 'Send comment' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/support/tickets/tk-1/comments')).toHaveLength(1));
    const body = callsTo(fetchMock, 'POST', '/api/support/tickets/tk-1/comments')[0]!.body as FormData;
    expect(JSON.parse(body.get('request') as string)).toEqual({ comment: 'Here is the photo.' });
    expect((body.get('files') as File).name).toBe('meter.png');
  });

  it('guides the subject through its topic and rates a resolved request where the site has advanced support', async () => {
    const advanced = buildSite({ features: ['SUPPORT', 'ADVANCED_SUPPORT'] });
    const fetchMock = stubSupport([{ ...TICKET, status: 'TS4', statusName: 'RESOLVED' }]);
    await renderWithProviders(<SupportPage />, { site: advanced, path: '/support' });
    const form = await screen.findByRole('region', { name: 'Contact customer service' });
    expect(within(form).getByRole('combobox', { name: /Subject/ })).toBeDisabled();
    await userEvent.click(within(form).getByRole('combobox', { name: 'Topic' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Meter and consumption' }));
    await userEvent.click(within(form).getByRole('combobox', { name: /Subject/ }));
    expect(await screen.findByRole('option', { name: 'Meter reading' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Question about an invoice' })).toBeNull();

    const ticket = await screen.findByRole('article', { name: 'Question about an invoice' });
    await userEvent.click(within(ticket).getByRole('button', { name: 'Send rating' }));
    expect(await within(ticket).findByText('Choose a rating.')).toBeInTheDocument();
    await userEvent.click(within(ticket).getByRole('radio', { name: '4 – Well' }));
    await userEvent.click(within(ticket).getByRole('button', { name: 'Send rating' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/support/tickets/tk-1/satisfaction')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', '/api/support/tickets/tk-1/satisfaction')[0]!.body).toEqual({ rating: 4 });
  });
});
