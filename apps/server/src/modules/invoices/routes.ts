import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { apiErrorBody } from '@portal/schema/errors';
import { dashboardInvoices, invoiceDetail, invoiceList, invoiceListQuery, invoiceSummary, postponeInvoiceRequest } from '@portal/schema/invoices';
import { toLocaleId, type LocaleId } from '@portal/schema/locale-ids';
import { z } from 'zod';
import { person } from '../../db/schema/identity.ts';
import { actorOf, customerOf, requireCustomer } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import { notFound } from '../../platform/errors.ts';
import { requestLocale } from '../../platform/request-locale.ts';
import { sendAttachment } from './attachment-headers.ts';
import { todayIn } from './calendar-dates.ts';
import { renderInvoiceCsv } from './invoice-csv.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { checkPostponement, postponementError } from './invoice-postponement.ts';
import type { InvoiceRepository, InvoiceScope } from './invoice-repository.ts';
import { invoiceTexts } from './invoice-texts.ts';

type Options = { db: Database; invoices: InvoiceRepository; now?: () => Date };

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody };
const invoiceNumberParams = z.object({ invoiceNumber: z.string().min(1).max(64) });
const idParams = z.object({ id: z.string().min(1).max(64) });

/** GET/PUT /api/invoices… and GET /api/dashboard/invoices (spec §7), all for the acting customer only. */
export const invoiceRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, invoices, now = () => new Date() }) => {
  async function requireInvoices(request: FastifyRequest) {
    await requireCustomer(request);
    if (!request.site.features.includes('INVOICES')) throw notFound('Invoices are not offered on this site', 'FEATURE_DISABLED');
  }

  const scopeOf = (request: FastifyRequest): InvoiceScope => ({
    siteId: actorOf(request).siteId,
    customerId: customerOf(request).id,
    today: todayIn(request.site.timezone, now()),
    advancedPostponement: request.site.features.includes('ADVANCED_INVOICE_POSTPONEMENT'),
  });

  /** The customer's language: the person's chosen language when the site offers it, else the page's. */
  async function documentLocale(request: FastifyRequest): Promise<LocaleId> {
    const [row] = await db.select({ preferredLocale: person.preferredLocale }).from(person).where(eq(person.id, actorOf(request).person.id));
    const preferred = toLocaleId(row?.preferredLocale);
    if (preferred && request.site.locales.some(({ id }) => id === preferred)) return preferred;
    return requestLocale(request);
  }

  app.get(
    '/api/invoices',
    {
      preHandler: requireInvoices,
      schema: {
        tags: ['invoices'],
        summary: 'Invoices of the acting customer, filtered by status (type), sorted and paged',
        querystring: invoiceListQuery,
        response: { 200: invoiceList, ...errors },
      },
    },
    async (request) => invoices.list(scopeOf(request), request.query),
  );

  app.get(
    '/api/dashboard/invoices',
    {
      preHandler: requireInvoices,
      schema: { tags: ['invoices', 'dashboard'], summary: 'Unpaid and overdue totals, the next due invoice and the latest ones', response: { 200: dashboardInvoices, ...errors } },
    },
    async (request) => invoices.dashboard(scopeOf(request)),
  );

  app.get(
    '/api/invoices/:invoiceNumber',
    {
      preHandler: requireInvoices,
      schema: { tags: ['invoices'], summary: 'One invoice with its rows', params: invoiceNumberParams, response: { 200: invoiceDetail, ...errors } },
    },
    async (request) => {
      const found = await invoices.findByNumber(scopeOf(request), request.params.invoiceNumber);
      if (!found) throw notFound('No such invoice', 'INVOICE_NOT_FOUND');
      return found;
    },
  );

  app.put(
    '/api/invoices/:invoiceNumber/postpone',
    {
      preHandler: requireInvoices,
      schema: {
        tags: ['invoices'],
        summary: 'Moves the due date of an unpaid invoice within the postponement rules (docs/decisions/010)',
        params: invoiceNumberParams,
        body: postponeInvoiceRequest,
        response: { 200: invoiceSummary, 409: apiErrorBody, ...errors },
      },
    },
    async (request) => {
      const { dueDate } = request.body;
      const updated = await invoices.postpone(
        scopeOf(request),
        request.params.invoiceNumber,
        (facts) => {
          const refusal = checkPostponement(facts, dueDate);
          if (refusal) throw postponementError(refusal, facts);
        },
        { dueDate, personId: actorOf(request).person.id },
      );
      if (!updated) throw notFound('No such invoice', 'INVOICE_NOT_FOUND');
      return updated;
    },
  );

  app.get(
    '/api/invoices/:id/download',
    {
      preHandler: requireInvoices,
      schema: {
        tags: ['invoices'],
        summary: 'The invoice as PDF in the customer’s language; 204 when there is no such invoice',
        params: idParams,
        response: { 200: z.any(), 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const found = await invoices.findById(scopeOf(request), request.params.id);
      if (!found) return reply.header('cache-control', 'no-store').status(204).send(null);
      const locale = await documentLocale(request);
      const customer = customerOf(request);
      const pdf = await renderInvoicePdf({
        invoice: found,
        company: { name: request.site.companyName },
        customer: { name: customer.name, clientCode: customer.clientCode },
        locale,
      });
      const filename = `${invoiceTexts(locale)('invoices.file-name', { number: found.invoiceNumber })}.pdf`;
      return sendAttachment(reply, { filename, contentType: 'application/pdf', body: pdf });
    },
  );

  app.get(
    '/api/invoices/:id/download/csv',
    {
      preHandler: requireInvoices,
      schema: {
        tags: ['invoices'],
        summary: 'The invoice rows as CSV (site feature INVOICE_CSV_DOWNLOAD); 204 when there is no such invoice',
        params: idParams,
        response: { 200: z.any(), 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      if (!request.site.features.includes('INVOICE_CSV_DOWNLOAD')) throw notFound('CSV downloads are not offered on this site', 'FEATURE_DISABLED');
      const found = await invoices.findById(scopeOf(request), request.params.id);
      if (!found) return reply.header('cache-control', 'no-store').status(204).send(null);
      const locale = await documentLocale(request);
      const filename = `${invoiceTexts(locale)('invoices.file-name', { number: found.invoiceNumber })}.csv`;
      return sendAttachment(reply, { filename, contentType: 'text/csv; charset=utf-8', body: renderInvoiceCsv(found, locale) });
    },
  );
};
