import { randomInt, randomUUID } from 'node:crypto';
import { businessCodeOf } from '@portal/schema/business-codes';
import { addDays } from '@portal/schema/calendar-dates';
import {
  signingChannels,
  startAllowed,
  startWindow,
  type CreateContract,
  type CreateEstonianContract,
  type RenewContractRequest,
  type StartedSigning,
} from '@portal/schema/contract-signing';
import { changeBillingChannelRequest } from '@portal/schema/contracts';
import type { ContractType, Utility } from '@portal/schema/enums';
import { personalCodeOf } from '@portal/schema/personal-codes';
import type { EstonianDatahub } from '../../integrations/datahub/port.ts';
import { DatahubRefusal } from '../../integrations/datahub/port.ts';
import { AppError } from '../../platform/errors.ts';
import { productRepository, type CatalogueProduct } from '../products/product-repository.ts';
import { isAvailableOn, isVisibleTo } from '../products/product-visibility.ts';
import { LIVE_STATUSES, nextStatus, statusOn } from './contract-life-cycle.ts';
import { signingRepository } from './signing-repository.ts';
import { availableChannels } from './contract-views.ts';
import { contractRepository } from './contract-repository.ts';
import { gridRepository } from './grid-repository.ts';
import { startSigning, type SigningContext, type SigningDeps } from './start-signing.ts';

export type CreateDeps = SigningDeps & { datahub: EstonianDatahub };

/** The acting person and customer, and what the site offers. */
export type CreateContext = SigningContext & {
  customer: SigningContext['customer'] & { id: string };
  actingAsStaff: boolean;
  site: SigningContext['site'] & { countryCode: 'FI' | 'EE' | 'LV'; features: readonly string[] };
};

type Product = CatalogueProduct;

/** Products of these groups are not supplies of their own: add-ons ride on a supply, grid products need the flag. */
export const ADD_ON_GROUP = 'addon';
export const GRID_GROUP = 'grid';

/** The VAT supply a product is billed as: a network product's fees are network supply, every other product's energy. */
export const supplyOfProduct = (productGroup: string): 'network' | 'energy' => (productGroup === GRID_GROUP ? 'network' : 'energy');

const CONTRACT_TYPES: Record<Utility, ContractType> = {
  electricity: 'SupplyContract',
  gas: 'GasSupplyContract',
  heating: 'HeatingGridContract',
};

/** A number in the site's own series: its three letters, the year and eight random digits. */
export const contractNumberFor = (siteId: string, today: string) =>
  `${siteId.slice(0, 3).toUpperCase()}-${today.slice(0, 4)}-${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

function refuseStaff(context: CreateContext) {
  // A signature is the person's own: staff acting for a customer cannot give one.
  if (context.actingAsStaff) throw new AppError('SIGNING_NOT_FOR_STAFF', 'Staff acting for a customer cannot sign for them');
}

/** The product as this customer may sign it on that day, or a refusal. */
async function signableProduct(
  deps: CreateDeps,
  context: CreateContext,
  productId: string,
  { utility, startDate, campaignCode, addOn }: { utility: Utility; startDate: string; campaignCode?: string; addOn: boolean },
): Promise<Product> {
  const [product] = await productRepository.byIds(deps.db, context.scope.siteId, [productId]);
  const viewer = { customerId: context.customer.id, customerType: context.customer.type, campaignCode: campaignCode ?? null };
  const groupAllowed = addOn
    ? product?.productGroup === ADD_ON_GROUP && context.site.features.includes('SIGNING_ADDITIONAL_PRODUCT')
    : product?.productGroup !== ADD_ON_GROUP &&
      (product?.productGroup !== GRID_GROUP || context.site.features.includes('SIGNING_OWN_GRID_PRODUCTS'));
  if (!product || !groupAllowed || product.utility !== utility || !isVisibleTo(product, viewer) || !isAvailableOn(product, startDate)) {
    throw new AppError('PRODUCT_NOT_AVAILABLE', 'That product cannot be signed here on that day');
  }
  return product;
}

/** The name of each country's personal code, for a refusal the signer can act on. */
const PERSONAL_CODE_NAMES = {
  FI: 'Finnish personal identity code (henkilötunnus)',
  EE: 'Estonian personal code (isikukood)',
  LV: 'Latvian personal code (personas kods)',
};

/** The co-owner's personal code in its register's written form: it must be one of the site's country, where the place is. */
function coOwnerCodeOf(context: CreateContext, code: string): string {
  const { countryCode } = context.site;
  const written = personalCodeOf(countryCode, code);
  if (written === null) {
    throw new AppError('PERSONAL_CODE_INVALID', `coOwner.personalCode: ${code} is not a valid ${PERSONAL_CODE_NAMES[countryCode]}`);
  }
  return written;
}

function termOf(context: CreateContext, product: Product, chosen: number | null): number | null {
  if (chosen === null) return product.termMonths;
  if (!context.site.features.includes('SIGNING_TERM_CHANGES') || product.termMonths === null) {
    throw new AppError('TERM_NOT_OFFERED', 'The term of this product cannot be chosen here');
  }
  return chosen;
}

/**
 * POST /api/contracts/create and /create/estonia (docs/decisions/035-sign-flow.md, 036-estonian-datahub.md): a
 * supply at a usage point of the site's grid, checked against every rule of the site's signing, written as a
 * contract awaiting signature (draft → submit, decision 030) with the product's prices, and sent to be signed.
 * An earlier unsigned contract of the customer at the same point is cancelled: the new one replaces it.
 */
export async function createContract(
  deps: CreateDeps,
  context: CreateContext,
  request: CreateContract | CreateEstonianContract,
  estonian: boolean,
): Promise<StartedSigning> {
  refuseStaff(context);
  const { countryCode, features } = context.site;
  if (estonian !== (countryCode === 'EE')) {
    throw new AppError(
      'SIGNING_VARIANT_REFUSED',
      estonian
        ? 'Contracts here are not registered in the Estonian datahub'
        : 'Estonian contracts are signed through /api/contracts/create/estonia',
    );
  }
  const point = await gridRepository.findForCustomer(deps.db, context.scope.siteId, context.scope.customerId, request.usagePointId);
  if (!point) throw new AppError('USAGE_POINT_NOT_FOUND', 'No such usage point in this grid');
  if ('meteringPointEic' in request && request.meteringPointEic !== point.datahubEic) {
    throw new AppError('EIC_MISMATCH', 'That EIC code is not the chosen metering point’s');
  }
  if (!startAllowed(startWindow(countryCode, request.reason, context.today), request.startDate)) {
    throw new AppError('START_DATE_REFUSED', 'Supply cannot start on that day');
  }
  const product = await signableProduct(deps, context, request.productId, {
    utility: point.utility,
    startDate: request.startDate,
    campaignCode: request.campaignCode,
    addOn: false,
  });
  const addOn = request.additionalProductId
    ? await signableProduct(deps, context, request.additionalProductId, {
        utility: point.utility,
        startDate: request.startDate,
        addOn: true,
      })
    : null;
  const termMonths = termOf(context, product, request.termMonths);
  if (request.coOwner && (context.customer.type !== 'private' || features.includes('SIGNING_CO_OWNER_DISABLED'))) {
    throw new AppError('CO_OWNER_NOT_OFFERED', 'A co-owner cannot sign along here');
  }
  const coOwnerCode = request.coOwner ? coOwnerCodeOf(context, request.coOwner.personalCode) : null;
  if (!signingChannels(features, context.customer.type, countryCode).includes(request.billing.channel)) {
    throw new AppError('BILLING_CHANNEL_NOT_AVAILABLE', `Invoices cannot be sent by ${request.billing.channel} here`);
  }
  const businessCode = request.businessCode === undefined ? null : businessCodeOf(countryCode, request.businessCode);
  if (request.businessCode !== undefined && (context.customer.type !== 'legal' || businessCode === null)) {
    throw new AppError('BUSINESS_CODE_INVALID', 'That business code is not valid here');
  }

  const contractId = `ct-${randomUUID()}`;
  const contractNumber = contractNumberFor(context.scope.siteId, context.today);
  let datahubReference: string | null = null;
  if ('meteringPointEic' in request) {
    try {
      datahubReference = (
        await deps.datahub.registerSupply({
          siteId: context.scope.siteId,
          meteringPointEic: request.meteringPointEic,
          customerCode: businessCode ?? context.person.ssn?.slice(2) ?? '',
          customerName: context.customer.name,
          startDate: request.startDate,
          contractNumber,
          today: context.today,
        })
      ).reference;
    } catch (error) {
      if (error instanceof DatahubRefusal) {
        throw new AppError(error.reason === 'start-date' ? 'START_DATE_REFUSED' : 'USAGE_POINT_NOT_FOUND', error.message);
      }
      throw new AppError('DATAHUB_FAILED', `The datahub could not be reached: ${(error as Error).message}`);
    }
  }

  await deps.db.transaction(async (tx) => {
    const existing = await contractRepository.meteringPointByCode(tx, context.scope.siteId, point.code);
    if (existing && existing.customerId !== context.scope.customerId) {
      throw new AppError('USAGE_POINT_TAKEN', 'Someone else’s contract runs at this usage point; customer service can help with moving in');
    }
    const meteringPointId = existing?.id ?? (await contractRepository.createPlace(tx, context.scope, point));
    for (const other of await contractRepository.atPoint(tx, context.scope, meteringPointId)) {
      const status = statusOn(other.status, other.endDate, context.today, other.startDate);
      if (other.status === 'awaiting-signature') {
        await contractRepository.setStatus(tx, other.id, { status: nextStatus(other.status, 'cancel') });
        await signingRepository.expirePending(tx, other.id, context.now);
      } else if (LIVE_STATUSES.includes(status) && (other.endDate === null || other.endDate >= request.startDate)) {
        throw new AppError('ALREADY_SUPPLIED', 'You already have a contract here for that time; renew it instead');
      }
    }
    const validFrom = request.startDate;
    await contractRepository.insertContract(
      tx,
      {
        id: contractId,
        siteId: context.scope.siteId,
        customerId: context.scope.customerId,
        meteringPointId,
        contractNumber,
        type: product.productGroup === GRID_GROUP ? 'GridContract' : CONTRACT_TYPES[point.utility],
        productName: addOn ? `${product.name} + ${addOn.name}` : product.name,
        priceType: product.priceType,
        startDate: request.startDate,
        endDate: null,
        status: nextStatus('draft', 'submit'),
        termMonths,
        billingChannel: request.billing.channel,
        billingTarget: request.billing.target,
        billingOperator: 'operator' in request.billing ? request.billing.operator : null,
        productId: product.id,
        additionalProductId: addOn?.id ?? null,
        startReason: request.reason,
        contactEmail: request.contact.email,
        contactPhone: request.contact.phone || null,
        coOwnerName: request.coOwner?.name ?? null,
        coOwnerCode,
        datahubReference,
      },
      [...product.priceComponents, ...(addOn?.priceComponents ?? [])].map((component) => ({ ...component, validFrom, validTo: null })),
    );
  });
  return startSigning(deps, context, contractId, (token) => `/contracts/sign/confirmation?signingToken=${encodeURIComponent(token)}`);
}

/**
 * POST /api/contracts/{id}/renew: a live contract renewed with an offered product from a day ahead (in Estonia the
 * first of a month, registered 21 days before). The renewal awaits signature; once signed, the renewed contract
 * gives notice and ends the day before (settle-signing.ts). A second renewal started replaces an unsigned first.
 */
export async function renewContract(
  deps: CreateDeps,
  context: CreateContext,
  contractId: string,
  request: RenewContractRequest & { termMonths: number | null },
): Promise<StartedSigning> {
  refuseStaff(context);
  const { countryCode, features } = context.site;
  if (features.includes('CONTRACT_MANAGEMENT_DISABLED'))
    throw new AppError('CONTRACT_MANAGEMENT_DISABLED', 'Contracts are managed by customer service here');
  const renewedId = `ct-${randomUUID()}`;
  // Everything read outside the transaction first: PGlite runs one statement stream, so no other read may wait on it.
  const row = await contractRepository.find(deps.db, context.scope, contractId);
  if (!row) throw new AppError('CONTRACT_NOT_FOUND', 'No such contract');
  const window = startWindow(countryCode, 'move-in', context.today);
  const earliest = countryCode === 'EE' ? window.earliest : addDays(context.today, 1);
  if (!startAllowed({ ...window, earliest }, request.startDate) || request.startDate <= row.contract.startDate) {
    throw new AppError('START_DATE_REFUSED', 'The renewal cannot start on that day');
  }
  const product = await signableProduct(deps, context, request.productId, {
    utility: row.utility,
    startDate: request.startDate,
    addOn: false,
  });
  const termMonths = termOf(context, product, request.termMonths);
  const billing = request.billing ? changeBillingChannelRequest.parse(request.billing) : null;
  if (billing && !availableChannels(context.customer.type, countryCode).includes(billing.channel)) {
    throw new AppError('BILLING_CHANNEL_NOT_AVAILABLE', `Invoices cannot be sent by ${billing.channel} for this customer`);
  }
  await deps.db.transaction(async (tx) => {
    const current = await contractRepository.lockWhole(tx, context.scope, contractId);
    if (!current) throw new AppError('CONTRACT_NOT_FOUND', 'No such contract');
    const status = statusOn(current.status, current.endDate, context.today, current.startDate);
    if (!LIVE_STATUSES.includes(status) || (current.endDate !== null && current.endDate < request.startDate)) {
      throw new AppError('CONTRACT_STATUS_REFUSED', 'Only a contract in force can be renewed');
    }
    for (const other of await contractRepository.atPoint(tx, context.scope, current.meteringPointId)) {
      if (other.renewsContractId === contractId && other.status === 'awaiting-signature') {
        await contractRepository.setStatus(tx, other.id, { status: nextStatus(other.status, 'cancel') });
        await signingRepository.expirePending(tx, other.id, context.now);
      }
    }
    await contractRepository.insertContract(
      tx,
      {
        id: renewedId,
        siteId: context.scope.siteId,
        customerId: context.scope.customerId,
        meteringPointId: current.meteringPointId,
        contractNumber: contractNumberFor(context.scope.siteId, context.today),
        type: current.type,
        productName: product.name,
        priceType: product.priceType,
        startDate: request.startDate,
        endDate: null,
        status: nextStatus('draft', 'submit'),
        termMonths,
        billingChannel: billing?.channel ?? current.billingChannel,
        billingTarget: billing?.target ?? current.billingTarget,
        billingOperator: billing ? ('operator' in billing ? billing.operator : null) : current.billingOperator,
        productId: product.id,
        renewsContractId: contractId,
        contactEmail: current.contactEmail,
        contactPhone: current.contactPhone,
      },
      product.priceComponents.map((component) => ({ ...component, validFrom: request.startDate, validTo: null })),
    );
  });
  return startSigning(
    deps,
    context,
    renewedId,
    (token) => `/contracts/${encodeURIComponent(contractId)}/offer/confirmation?signingToken=${encodeURIComponent(token)}`,
  );
}
