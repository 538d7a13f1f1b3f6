import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dashboardInvoices,
  invoiceList,
  invoiceListQuery,
  invoiceSummary,
  invoiceWithPayment,
  postponeInvoiceRequest,
} from '@portal/schema/invoices';
import { invoiceAnalysis } from '@portal/schema/invoice-analysis';
import { actorOf, customerScopeOf } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import { guardedErrors, refusedError } from '../../platform/error-responses.ts';
import { AppError } from '../../platform/errors.ts';
import { personLocale } from '../../platform/request-locale.ts';
import { sendAttachment } from '../../platform/downloads.ts';
import { explainInvoice } from './explain-invoice.ts';
import { invoiceCsvDocument, invoicePdfDocument } from './invoice-documents.ts';
import { invoiceParties, invoiceSeller } from './invoice-parties.ts';
import { invoicePayment } from './invoice-payment.ts';
import { invoiceRepository } from './invoice-repository.ts';
import { invoiceScopeOf } from './invoice-scope.ts';
import { postponeInvoice } from './postpone-invoice.ts';

type Options = { db: Database; now?: () => Date };

const invoiceNumberParams = z.object({ invoiceNumber: z.string().min(1).max(64) });
const idParams = z.object({ id: z.string().min(1).max(64) });

/** Spec §7: a download that finds nothing answers 204, never cached. */
const nothingToDownload = (reply: FastifyReply) => reply.header('cache-control', 'no-store').status(204).send(null);

/**
 * GET/PUT /api/invoices… and GET /api/dashboard/invoices (spec §7). Registered in the customer area behind the
 * INVOICES feature, so every call is for the acting customer of a site that offers invoices.
 */
export const invoiceRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, now = () => new Date() }) => {
  const scopeOf = (request: FastifyRequest) => invoiceScopeOf(request, now());

  app.get(
    '/api/invoices',
    {
      schema: {
        tags: ['invoices'],
        summary: 'Invoices of the acting customer, filtered by status (type), sorted and paged',
        querystring: invoiceListQuery,
        response: { 200: invoiceList, ...guardedErrors },
      },
    },
    // Kept per customer until their invoices change (docs/decisions/082).
    async (request, reply) =>
      app.customerAnswers.send(request, reply, invoiceList, () => invoiceRepository.list(db, scopeOf(request), request.query)),
  );

  app.get(
    '/api/dashboard/invoices',
    {
      schema: {
        tags: ['invoices', 'dashboard'],
        summary: 'Unpaid and overdue totals, the next due invoice and the latest ones',
        response: { 200: dashboardInvoices, ...guardedErrors },
      },
    },
    async (request, reply) =>
      app.customerAnswers.send(request, reply, dashboardInvoices, () => invoiceRepository.dashboard(db, scopeOf(request))),
  );

  app.get(
    '/api/invoices/:invoiceNumber',
    {
      schema: {
        tags: ['invoices'],
        summary: 'One invoice with its rows and how to pay it (payee, IBAN and BIC, reference, virtual bar code)',
        params: invoiceNumberParams,
        response: { 200: invoiceWithPayment, ...guardedErrors },
      },
    },
    async (request) => {
      const found = await invoiceRepository.findByNumber(db, scopeOf(request), request.params.invoiceNumber);
      if (!found) throw new AppError('INVOICE_NOT_FOUND', 'No such invoice');
      // The answer's schema leaves out the QR code's text: the page shows the codes people copy.
      return { ...found, payment: invoicePayment(found, await invoiceSeller(db, request.site.id)) };
    },
  );

  app.get(
    '/api/invoices/:invoiceNumber/analysis',
    {
      schema: {
        tags: ['invoices'],
        summary:
          'Why this bill differs from the month before and the same month a year earlier: consumption (weather and own use), price and fixed charges, in cents that add up (docs/decisions/117)',
        params: invoiceNumberParams,
        response: { 200: invoiceAnalysis, ...guardedErrors },
      },
    },
    // From invoices, the daily rollups and temperatures, whose changes the answer cache hears (decision 082).
    async (request, reply) =>
      app.customerAnswers.send(request, reply, invoiceAnalysis, () =>
        explainInvoice(db, customerScopeOf(request), request.site.timezone, request.params.invoiceNumber),
      ),
  );

  app.put(
    '/api/invoices/:invoiceNumber/postpone',
    {
      schema: {
        tags: ['invoices'],
        summary: 'Moves the due date of an unpaid invoice within the postponement rules (docs/decisions/010)',
        params: invoiceNumberParams,
        body: postponeInvoiceRequest,
        response: { 200: invoiceSummary, ...refusedError, ...guardedErrors },
      },
    },
    async (request) =>
      postponeInvoice({ db }, scopeOf(request), request.params.invoiceNumber, {
        dueDate: request.body.dueDate,
        personId: actorOf(request).person.id,
      }),
  );

  app.get(
    '/api/invoices/:id/download',
    {
      schema: {
        tags: ['invoices'],
        summary: 'The invoice as PDF in the customer’s language; 204 when there is no such invoice',
        params: idParams,
        response: { 200: z.any(), 204: z.null(), ...guardedErrors },
      },
    },
    async (request, reply) => {
      const found = await invoiceRepository.findById(db, scopeOf(request), request.params.id);
      if (!found) return nothingToDownload(reply);
      const scope = scopeOf(request);
      const parties = await invoiceParties(db, scope, found.contract.id);
      return sendAttachment(reply, await invoicePdfDocument(found, parties, personLocale(request)));
    },
  );
};

/** The invoice rows as CSV: a feature of its own (INVOICE_CSV_DOWNLOAD) inside the invoices area. */
export const invoiceCsvRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, now = () => new Date() }) => {
  app.get(
    '/api/invoices/:id/download/csv',
    {
      schema: {
        tags: ['invoices'],
        summary: 'The invoice rows as CSV (site feature INVOICE_CSV_DOWNLOAD); 204 when there is no such invoice',
        params: idParams,
        response: { 200: z.any(), 204: z.null(), ...guardedErrors },
      },
    },
    async (request, reply) => {
      const found = await invoiceRepository.findById(db, invoiceScopeOf(request, now()), request.params.id);
      if (!found) return nothingToDownload(reply);
      return sendAttachment(reply, invoiceCsvDocument(found, personLocale(request)));
    },
  );
};
