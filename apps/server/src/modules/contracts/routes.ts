import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { todayIn } from '@portal/schema/calendar-dates';
import { billingChannels, changeBillingChannelRequest, contractDetail, contractList } from '@portal/schema/contracts';
import { moveOutRequest } from '@portal/schema/move-out';
import { actorOf, customerOf, customerScopeOf } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import { guardedErrors, refusedError } from '../../platform/error-responses.ts';
import { documentTexts } from '../../platform/document-texts.ts';
import { AppError } from '../../platform/errors.ts';
import { personLocale } from '../../platform/request-locale.ts';
import { sendAttachment } from '../../platform/downloads.ts';
import { renderContractPdf } from './contract-pdf.ts';
import { changeBillingChannel } from './change-billing-channel.ts';
import { reportMoveOut } from './report-move-out.ts';
import { contractRepository } from './contract-repository.ts';
import { billingChannelsOf, contractSummaryOf } from './contract-views.ts';
import { readContractDetail } from './read-contract-detail.ts';

type Options = { db: Database; now?: () => Date };

const idParams = z.object({ id: z.string().min(1).max(64) });

/**
 * GET /api/contracts, /api/contracts/{id}, /api/contracts/{id}/billing-channels and POST
 * /api/contracts/{id}/change-billing-channels and /api/contracts/{id}/move-out (spec §7). Registered in the customer area behind CONTRACTS.
 * Rule 1: each reads the acting customer's contracts of this site, never a contract by the id in the URL alone.
 */
export const contractRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, now = () => new Date() }) => {
  const today = (request: FastifyRequest) => todayIn(request.site.timezone, now());
  const found = async (request: FastifyRequest & { params: { id: string } }) => {
    const row = await contractRepository.find(db, customerScopeOf(request), request.params.id);
    if (!row) throw new AppError('CONTRACT_NOT_FOUND', 'No such contract');
    return row;
  };

  app.get(
    '/api/contracts',
    {
      schema: {
        tags: ['contracts'],
        summary: 'Contracts of the acting customer, newest first, with their status as of today',
        response: { 200: contractList, ...guardedErrors },
      },
    },
    async (request) => {
      const day = today(request);
      return (await contractRepository.list(db, customerScopeOf(request))).map((row) => contractSummaryOf(row, day));
    },
  );

  app.get(
    '/api/contracts/:id',
    {
      schema: {
        tags: ['contracts'],
        summary: 'One contract with its price components and billing',
        params: idParams,
        response: { 200: contractDetail, ...guardedErrors },
      },
    },
    async (request) => {
      const detail = await readContractDetail(db, customerScopeOf(request), request.params.id, today(request));
      if (!detail) throw new AppError('CONTRACT_NOT_FOUND', 'No such contract');
      return detail;
    },
  );

  app.get(
    '/api/contracts/:id/download',
    {
      schema: {
        tags: ['contracts'],
        summary: 'The contract as PDF in the customer’s language; 204 when there is no such contract (spec §7)',
        params: idParams,
        response: { 200: z.any(), 204: z.null(), ...guardedErrors },
      },
    },
    async (request, reply) => {
      const contract = await readContractDetail(db, customerScopeOf(request), request.params.id, today(request));
      if (!contract) return reply.header('cache-control', 'no-store').status(204).send(null);
      const customer = customerOf(request);
      const locale = personLocale(request);
      return sendAttachment(reply, {
        filename: `${documentTexts(locale)('contracts.file-name', { number: contract.contractNumber })}.pdf`,
        contentType: 'application/pdf',
        body: await renderContractPdf({
          contract,
          company: { name: request.site.companyName },
          customer: { name: customer.name, clientCode: customer.clientCode },
          locale,
          timezone: request.site.timezone,
        }),
      });
    },
  );

  app.get(
    '/api/contracts/:id/billing-channels',
    {
      schema: {
        tags: ['contracts'],
        summary: 'The billing channel of a contract and the channels the customer may choose',
        params: idParams,
        response: { 200: billingChannels, ...guardedErrors },
      },
    },
    async (request) => billingChannelsOf(await found(request), customerOf(request).type, request.site.countryCode),
  );

  app.post(
    '/api/contracts/:id/change-billing-channels',
    {
      config: { freshVerification: true },
      schema: {
        tags: ['contracts'],
        summary: 'Changes where the contract’s invoices go: e-mail, post, IBAN, OVT or a bank e-invoice',
        params: idParams,
        body: changeBillingChannelRequest,
        response: { 200: contractDetail, ...refusedError, ...guardedErrors },
      },
    },
    async (request) =>
      changeBillingChannel(
        { db },
        customerScopeOf(request),
        customerOf(request),
        {
          countryCode: request.site.countryCode,
          managementDisabled: request.site.features.includes('CONTRACT_MANAGEMENT_DISABLED'),
          today: today(request),
        },
        request.params.id,
        request.body,
      ),
  );

  app.post(
    '/api/contracts/:id/move-out',
    {
      config: { freshVerification: true },
      schema: {
        tags: ['contracts'],
        summary: 'Reports a move-out: the contract ends on the moving day and the final invoice goes to the new address',
        params: idParams,
        body: moveOutRequest,
        response: { 200: contractDetail, ...refusedError, ...guardedErrors },
      },
    },
    async (request) =>
      reportMoveOut(
        { db },
        customerScopeOf(request),
        { managementDisabled: request.site.features.includes('CONTRACT_MANAGEMENT_DISABLED'), today: today(request) },
        request.params.id,
        request.body,
        actorOf(request).person.id,
      ),
  );
};
