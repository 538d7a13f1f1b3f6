import type { FormErrors } from '@mantine/form';
import { businessCodeOf } from '@portal/schema/business-codes';
import {
  createContractRequest,
  createEstonianContractRequest,
  startAllowed,
  type CreateContractRequest,
  type CreateEstonianContractRequest,
  type StartReason,
  type StartWindow,
} from '@portal/schema/contract-signing';
import type { AddressSearchMode, BillingChannelKind, OperatingCountryCode, Utility } from '@portal/schema/enums';
import { personalCodeOf } from '@portal/schema/personal-codes';

/** The steps of /contracts/sign (spec §2, docs/decisions/035-sign-flow.md), in order. */
export const SIGN_STEPS = ['usage-point', 'product', 'start', 'billing', 'review'] as const;
export type SignStep = (typeof SIGN_STEPS)[number];

/** What the sign form holds: the request's fields flat, the chosen point's place, and the step reached. */
export type SignValues = {
  step: number;
  searchType: AddressSearchMode;
  address: string;
  code: string;
  meterNumber: string;
  usagePointId: string;
  objectId: string;
  utility: Utility | '';
  usagePointLabel: string;
  /** The chosen point's GSRN or EIC as the grid answered it: whole only where the point is the customer's own. */
  usagePointCode: string;
  reason: StartReason;
  meteringPointEic: string;
  productId: string;
  campaignCode: string;
  additionalProductId: string;
  /** '' keeps the product's own term. */
  termMonths: string;
  startDate: string | null;
  channel: BillingChannelKind | '';
  target: string;
  operator: string;
  email: string;
  phone: string;
  coOwner: boolean;
  coOwnerName: string;
  coOwnerCode: string;
  businessCode: string;
  accepted: boolean;
};

export const emptySign = (email: string): SignValues => ({
  step: 0,
  searchType: 'ADDRESS',
  address: '',
  code: '',
  meterNumber: '',
  usagePointId: '',
  objectId: '',
  utility: '',
  usagePointLabel: '',
  usagePointCode: '',
  reason: 'move-in',
  meteringPointEic: '',
  productId: '',
  campaignCode: '',
  additionalProductId: '',
  termMonths: '',
  startDate: null,
  channel: '',
  target: '',
  operator: '',
  email,
  phone: '',
  coOwner: false,
  coOwnerName: '',
  coOwnerCode: '',
  businessCode: '',
  accepted: false,
});

const needsOperator = (channel: SignValues['channel']) => channel === 'OVT' || channel === 'EInvoiceRequest';

/** The request the form's values make; the Estonian one where the site is Estonian. */
export function signRequestOf(values: SignValues, estonian: boolean): CreateContractRequest | CreateEstonianContractRequest {
  const billing = (
    needsOperator(values.channel)
      ? { channel: values.channel, target: values.target, operator: values.operator }
      : { channel: values.channel, target: values.target }
  ) as CreateContractRequest['billing'];
  const request: CreateContractRequest = {
    usagePointId: values.usagePointId,
    reason: values.reason,
    productId: values.productId,
    campaignCode: values.campaignCode.trim() || undefined,
    additionalProductId: values.additionalProductId || null,
    termMonths: values.termMonths ? Number(values.termMonths) : null,
    startDate: values.startDate ?? '',
    billing,
    contact: { email: values.email, phone: values.phone },
    coOwner: values.coOwner ? { name: values.coOwnerName, personalCode: values.coOwnerCode } : null,
    businessCode: values.businessCode.trim() || undefined,
  };
  return estonian ? { ...request, meteringPointEic: values.meteringPointEic } : request;
}

/** Form field of each request path, for the translated message the form shows under it. */
const FIELD_OF: Record<string, keyof SignValues> = {
  usagePointId: 'usagePointId',
  meteringPointEic: 'meteringPointEic',
  productId: 'productId',
  campaignCode: 'campaignCode',
  termMonths: 'termMonths',
  startDate: 'startDate',
  'billing.channel': 'channel',
  'billing.target': 'target',
  'billing.operator': 'operator',
  'contact.email': 'email',
  'contact.phone': 'phone',
  'coOwner.name': 'coOwnerName',
  'coOwner.personalCode': 'coOwnerCode',
  businessCode: 'businessCode',
};

/** The fields each step asks, so a step is checked on its own before the next one opens. */
export const STEP_FIELDS: Record<SignStep, (keyof SignValues)[]> = {
  'usage-point': ['usagePointId', 'meteringPointEic'],
  product: ['productId', 'campaignCode', 'termMonths'],
  start: ['startDate'],
  billing: ['channel', 'target', 'operator', 'email', 'phone', 'coOwnerName', 'coOwnerCode', 'businessCode'],
  review: ['accepted'],
};

/**
 * The server's own request schema checks the form (rule 2), plus what the server checks by the site's country: the
 * start days the place allows, the co-owner's personal code and the company's business code by the country's
 * registers (`personalCodeOf`, `businessCodeOf`); each failed field gets the form's translated text.
 */
export function validateSign(
  values: SignValues,
  { countryCode, window }: { countryCode: OperatingCountryCode; window: StartWindow | null },
  messageFor: (field: keyof SignValues) => string,
): FormErrors {
  const estonian = countryCode === 'EE';
  const schema = estonian ? createEstonianContractRequest : createContractRequest;
  const result = schema.safeParse(signRequestOf(values, estonian));
  const errors: FormErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      const field = FIELD_OF[path] ?? (path.startsWith('billing') ? 'target' : undefined);
      if (field) errors[field] ??= messageFor(field);
    }
  }
  if (!errors.startDate && window && values.startDate && !startAllowed(window, values.startDate))
    errors.startDate = messageFor('startDate');
  if (!errors.coOwnerCode && values.coOwner && personalCodeOf(countryCode, values.coOwnerCode) === null)
    errors.coOwnerCode = messageFor('coOwnerCode');
  if (!errors.businessCode && values.businessCode.trim() && businessCodeOf(countryCode, values.businessCode) === null)
    errors.businessCode = messageFor('businessCode');
  if (!values.accepted) errors.accepted = messageFor('accepted');
  return errors;
}

/** The errors of one step only. */
export const stepErrors = (errors: FormErrors, step: SignStep): FormErrors =>
  Object.fromEntries(Object.entries(errors).filter(([field]) => (STEP_FIELDS[step] as string[]).includes(field)));
