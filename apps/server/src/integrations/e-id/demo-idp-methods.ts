export type CountryCode = 'FI' | 'EE' | 'LV';

/** The ways the e-ID broker lets a person of each country authenticate. */
export const METHODS_BY_COUNTRY = {
  FI: ['bank-nordea', 'bank-op', 'mobile-certificate'],
  EE: ['smart-id', 'mobile-id', 'id-card'],
  LV: ['smart-id', 'eparaksts', 'bank-swedbank'],
} as const satisfies Record<CountryCode, readonly string[]>;

export type AuthMethod = (typeof METHODS_BY_COUNTRY)[CountryCode][number];

/** Methods bound to a SIM card: what the `telecom` authentication context class asks for. */
const TELECOM_METHODS: ReadonlySet<AuthMethod> = new Set(['mobile-certificate', 'mobile-id']);

export const ACR_VALUES = ['eid', 'telecom'] as const;
export type Acr = (typeof ACR_VALUES)[number];

/**
 * `acr_values` lists acceptable classes in order of preference; only when `telecom` is acceptable and
 * `eid` is not must the person use a telecom method.
 */
export function requiresTelecom(acrValues: unknown): boolean {
  if (typeof acrValues !== 'string') return false;
  const values = acrValues.split(' ');
  return values.includes('telecom') && !values.includes('eid');
}

export function methodsFor(country: CountryCode, telecomOnly: boolean): AuthMethod[] {
  return METHODS_BY_COUNTRY[country].filter((method) => !telecomOnly || TELECOM_METHODS.has(method));
}

export const acrOf = (method: AuthMethod): Acr => (TELECOM_METHODS.has(method) ? 'telecom' : 'eid');
