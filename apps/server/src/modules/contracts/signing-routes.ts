import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { todayIn } from '@portal/schema/calendar-dates';
import {
  addressAutocompleteQuery,
  addressSuggestionList,
  createContractRequest,
  createEstonianContractRequest,
  existingEInvoice,
  existingEInvoiceQuery,
  finalizeRequest,
  renewContractRequest,
  signingDownloadQuery,
  signingStatus,
  signingTokenQuery,
  startedSigning,
  startInfo as startInfoSchema,
  startInfoParams,
  startInfoQuery,
  uploadQuery,
  type SigningStatus,
} from '@portal/schema/contract-signing';
import { apiErrorBody } from '@portal/schema/errors';
import type { BusinessRegister } from '../../integrations/business-register/port.ts';
import { ForgedSigningCallbackError } from '../../integrations/signing/port.ts';
import { actorOf, customerOf, customerScopeOf } from '../../platform/actor.ts';
import { guardedErrors, refusedError } from '../../platform/error-responses.ts';
import { AppError } from '../../platform/errors.ts';
import { INPUT_LIMITS } from '../../platform/input-limits.ts';
import type { ParsingPool } from '../../platform/parsing-pool.ts';
import { personLocale } from '../../platform/request-locale.ts';
import { sendAttachment } from '../../platform/downloads.ts';
import { contractRepository } from './contract-repository.ts';
import { createContract, renewContract, type CreateContext, type CreateDeps } from './create-contract.ts';
import { gridRepository } from './grid-repository.ts';
import { signingRepository } from './signing-repository.ts';
import { LIVE_STATUSES, statusOn } from './contract-life-cycle.ts';
import { settleSigning, type SettleDeps } from './settle-signing.ts';
import type { SigningRow } from './signing-repository.ts';
import { startInfo } from './start-info.ts';
import { uploadSignedDocument } from './upload-signed-document.ts';

export type SigningRouteDeps = CreateDeps & SettleDeps & { register: BusinessRegister; parsing: ParsingPool; now?: () => Date };

const tags = ['contracts'];
const conflictError = { 409: apiErrorBody } as const;
const upstreamError = { 502: apiErrorBody } as const;
const SIGNED_FILE_NAMES = { 'application/pdf': 'pdf', 'application/vnd.etsi.asic-e+zip': 'asice' } as const;

function contextOf(request: FastifyRequest, now: Date): CreateContext {
  const actor = actorOf(request);
  const customer = customerOf(request);
  const { site } = request;
  return {
    scope: customerScopeOf(request),
    person: { id: actor.person.id, name: actor.person.name, ssn: actor.person.ssn },
    customer: { id: customer.id, name: customer.name, clientCode: customer.clientCode, type: customer.type },
    actingAsStaff: actor.actingAs === 'staff',
    site: {
      companyName: site.companyName,
      themeId: site.themeId,
      timezone: site.timezone,
      countryCode: site.countryCode,
      features: site.features,
    },
    locale: personLocale(request),
    origin: `${request.protocol}://${request.host}`,
    today: todayIn(site.timezone, now),
    now,
  };
}

async function statusOf(deps: SettleDeps, signing: SigningRow): Promise<SigningStatus> {
  const row = (await contractRepository.find(deps.db, { siteId: signing.siteId, customerId: signing.customerId }, signing.contractId))!;
  return {
    signingToken: signing.token,
    contractId: signing.contractId,
    contractNumber: row.contract.contractNumber,
    state: signing.state,
    contractStatus: row.contract.status,
    signedAt: row.contract.signedAt?.toISOString() ?? null,
  };
}

function sendSigned(reply: FastifyReply, signing: SigningRow, contractNumber: string) {
  const type = (signing.signedContentType ?? 'application/pdf') as keyof typeof SIGNED_FILE_NAMES;
  return sendAttachment(reply, {
    filename: `${contractNumber}-signed.${SIGNED_FILE_NAMES[type] ?? 'pdf'}`,
    contentType: type,
    body: signing.signedFile!,
  });
}

/**
 * Signing a new contract, renewing one and the signing's follow-up (spec §7 Contracts; docs/decisions/033–036).
 * Registered in the customer area behind CONTRACTS; renew also behind RENEWAL_OFFERS (renewSigningRoutes).
 */
export const signingRoutes: FastifyPluginAsyncZod<SigningRouteDeps> = async (app, deps) => {
  const now = deps.now ?? (() => new Date());
  const today = (request: FastifyRequest) => todayIn(request.site.timezone, now());

  app.post(
    '/api/contracts/create',
    {
      config: { freshVerification: true, outsideService: 'signing' },
      schema: {
        tags,
        summary: 'Starts a supply at a usage point of the site’s grid: the contract awaits signature, the answer says where to sign',
        body: createContractRequest,
        response: { 200: startedSigning, ...refusedError, ...guardedErrors, ...upstreamError },
      },
    },
    async (request) => createContract(deps, contextOf(request, now()), request.body, false),
  );

  app.post(
    '/api/contracts/create/estonia',
    {
      config: { freshVerification: true, outsideService: 'signing' },
      schema: {
        tags,
        summary: 'The same for an Estonian site: the metering point’s EIC and the datahub’s start rule (first of a month, 21 days ahead)',
        body: createEstonianContractRequest,
        response: { 200: startedSigning, ...refusedError, ...guardedErrors, ...upstreamError },
      },
    },
    async (request) => createContract(deps, contextOf(request, now()), request.body, true),
  );

  app.post(
    '/api/contracts/finalize',
    {
      config: { freshVerification: true, outsideService: 'signing' },
      schema: {
        tags,
        summary: 'Settles a signing: the signed file when signed, 204 when there is no such signing, otherwise a JSON error (spec §7)',
        body: finalizeRequest,
        response: { 200: z.any(), 204: z.null(), ...conflictError, ...refusedError, ...guardedErrors, ...upstreamError },
      },
    },
    async (request, reply) => {
      const signing = await signingRepository.find(deps.db, customerScopeOf(request), request.body.signingToken);
      if (!signing) return reply.header('cache-control', 'no-store').status(204).send(null);
      const state = await settleSigning(deps, signing, today(request), now());
      if (state === 'pending') throw new AppError('SIGNING_PENDING', 'The document is not signed yet');
      if (state !== 'signed') throw new AppError(state === 'refused' ? 'SIGNING_REFUSED' : 'SIGNING_EXPIRED', `The signing was ${state}`);
      const settled = (await signingRepository.find(deps.db, customerScopeOf(request), signing.token))!;
      const row = (await contractRepository.find(deps.db, customerScopeOf(request), settled.contractId))!;
      return sendSigned(reply, settled, row.contract.contractNumber);
    },
  );

  app.get(
    '/api/contracts/signing/status',
    {
      config: { outsideService: 'signing' },
      schema: {
        tags,
        summary: 'Where a signing stands, by its token (spec §4), read from the signing service while it is pending',
        querystring: signingTokenQuery,
        response: { 200: signingStatus, ...guardedErrors, ...upstreamError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const signing = await signingRepository.find(deps.db, customerScopeOf(request), request.query.signingToken);
      if (!signing) throw new AppError('SIGNING_NOT_FOUND', 'No such signing');
      await settleSigning(deps, signing, today(request), now());
      return statusOf(deps, (await signingRepository.find(deps.db, customerScopeOf(request), signing.token))!);
    },
  );

  app.get(
    '/api/contracts/signing/download',
    {
      schema: {
        tags,
        summary: 'The signed document; 204 when there is none (spec §7), never cached',
        querystring: signingDownloadQuery,
        response: { 200: z.any(), 204: z.null(), ...guardedErrors },
      },
    },
    async (request, reply) => {
      const signing = await signingRepository.find(deps.db, customerScopeOf(request), request.query.signingToken);
      if (!signing || signing.contractId !== request.query.contractId || !signing.signedFile) {
        return reply.header('cache-control', 'no-store').status(204).send(null);
      }
      const row = (await contractRepository.find(deps.db, customerScopeOf(request), signing.contractId))!;
      return sendSigned(reply, signing, row.contract.contractNumber);
    },
  );

  app.get(
    '/api/contracts/start-info/:objectId',
    {
      config: { outsideService: 'business-register' },
      schema: {
        tags,
        summary: 'What starting a supply at a place involves: its usage points, the start days, and a business code checked',
        params: startInfoParams,
        querystring: startInfoQuery,
        response: { 200: startInfoSchema, ...guardedErrors },
      },
    },
    async (request) => startInfo(deps, request.site, request.params.objectId, request.query.businessCode, today(request)),
  );

  app.get(
    '/api/contracts/existing-einvoice-bank-info',
    {
      schema: {
        tags,
        summary: 'The bank e-invoice the customer already receives for this utility, to offer it for a new contract',
        querystring: existingEInvoiceQuery,
        response: { 200: existingEInvoice, ...guardedErrors },
      },
    },
    async (request) => {
      const day = today(request);
      const found = (await contractRepository.list(deps.db, customerScopeOf(request))).find(
        (row) =>
          row.utility === request.query.utilityName &&
          (row.contract.billingChannel === 'EInvoiceRequest' || row.contract.billingChannel === 'OVT') &&
          LIVE_STATUSES.includes(statusOn(row.contract.status, row.contract.endDate, day, row.contract.startDate)),
      );
      return found
        ? { channel: found.contract.billingChannel, target: found.contract.billingTarget, operator: found.contract.billingOperator }
        : null;
    },
  );

  // A document signed elsewhere arrives as itself, not as JSON; its bytes are judged, never its declared type.
  const UPLOAD_MAX_BYTES = INPUT_LIMITS.signedUploadBytes.limit;
  for (const type of ['application/pdf', 'application/vnd.etsi.asic-e+zip', 'application/octet-stream']) {
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES }, (_request, body, done) => done(null, body));
  }
  app.post(
    '/api/contracts/upload',
    {
      bodyLimit: UPLOAD_MAX_BYTES,
      // Each upload takes a parsing thread for up to 10 s: one address may not keep the copy's threads to itself.
      config: { freshVerification: true, rateLimit: { max: INPUT_LIMITS.signedUploadsPerMinute.limit, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'A contract awaiting signature, signed elsewhere: a signed PDF or ASiC-E container of at most 10 MB',
        consumes: ['application/pdf', 'application/vnd.etsi.asic-e+zip', 'application/octet-stream'],
        querystring: uploadQuery,
        response: { 200: signingStatus, ...refusedError, ...guardedErrors },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new AppError('DOCUMENT_TYPE_REFUSED', 'Send the signed file itself as the body');
      return uploadSignedDocument(
        deps,
        customerScopeOf(request),
        actorOf(request).person,
        request.query.contractId,
        request.body,
        today(request),
        now(),
      );
    },
  );
};

/** POST /api/contracts/{id}/renew (spec §7), where the site offers renewals. */
export const renewSigningRoutes: FastifyPluginAsyncZod<SigningRouteDeps> = async (app, deps) => {
  const now = deps.now ?? (() => new Date());
  app.post(
    '/api/contracts/:id/renew',
    {
      config: { freshVerification: true, outsideService: 'signing' },
      schema: {
        tags,
        summary: 'Renews a contract in force with an offered product; the renewal awaits signature and ends the old one once signed',
        params: z.object({ id: z.string().min(1).max(64) }),
        body: renewContractRequest,
        response: { 200: startedSigning, ...refusedError, ...guardedErrors, ...upstreamError },
      },
    },
    async (request) => renewContract(deps, contextOf(request, now()), request.params.id, request.body),
  );
};

/** POST /api/addresses/autocomplete?q (spec §7, ADDRESS_AUTOCOMPLETE): addresses of the site's grid that begin so. */
export const addressAutocompleteRoutes: FastifyPluginAsyncZod<Pick<CreateDeps, 'db'>> = async (app, { db }) => {
  app.post(
    '/api/addresses/autocomplete',
    {
      config: { outsideService: 'address-register' },
      schema: {
        tags: ['addresses'],
        summary: 'Addresses of the site’s grid whose street begins with the text typed',
        querystring: addressAutocompleteQuery,
        response: { 200: addressSuggestionList, ...guardedErrors },
      },
    },
    async (request) =>
      (await gridRepository.addressesStartingWith(db, request.site.id, request.query.q)).map((address) => ({
        ...address,
        countryCode: address.countryCode as 'FI' | 'EE' | 'LV',
        label: `${address.street}, ${address.postalCode} ${address.city}`,
      })),
  );
};

/**
 * POST /api/contracts/signing/callback/{provider}: the signing service's server says a signing changed. Public, as
 * the service calls without a session; it proves nothing by itself: the state is read back from the service.
 */
export const signingCallbackRoutes: FastifyPluginAsyncZod<SettleDeps & { now?: () => Date }> = async (app, deps) => {
  const now = deps.now ?? (() => new Date());
  app.post(
    '/api/contracts/signing/callback/:provider',
    {
      schema: {
        tags,
        summary: 'The signing service’s postback; the signing is settled by reading its state back (idempotent)',
        params: z.object({ provider: z.enum(['LOCAL', 'DOKOBIT_DOCUMENT_GATEWAY']) }),
        body: z.looseObject({ token: z.string().max(200).optional(), action: z.string().max(100).optional() }),
        response: {
          200: z.object({ state: z.enum(['pending', 'signed', 'refused', 'expired']) }),
          400: apiErrorBody,
          401: apiErrorBody,
          404: apiErrorBody,
          ...upstreamError,
        },
      },
    },
    async (request) => {
      const service = deps.services.find((candidate) => candidate.id === request.params.provider);
      if (!service) throw new AppError('SIGNING_PROVIDER_UNKNOWN', 'No such signing service here');
      let providerToken: string;
      try {
        ({ providerToken } = service.readCallback(request.body));
      } catch (error) {
        if (error instanceof ForgedSigningCallbackError) throw new AppError('CALLBACK_INVALID', error.message);
        throw error;
      }
      const signing = await signingRepository.byProviderToken(deps.db, request.site.id, service.id, providerToken);
      if (!signing) throw new AppError('SIGNING_NOT_FOUND', 'No such signing');
      return { state: await settleSigning(deps, signing, todayIn(request.site.timezone, now()), now()) };
    },
  );
};
