import type { BusinessRegister, RegisteredCompany } from './port.ts';

/** The demo companies and a few more, by country and code (codes with valid check digits). */
const COMPANIES: Record<string, RegisteredCompany> = {
  'FI 3141593-8': { name: 'Revontuli Sauna Oy', active: true },
  'FI 0112038-9': { name: 'Nokia Oyj', active: true },
  'EE 14715205': { name: 'Kase Kodu OÜ', active: true },
  'EE 10060701': { name: 'Swedbank AS', active: true },
  'LV 40203123456': { name: 'Ozolu Nami SIA', active: true },
};

/** The local stand-in of the business registers: a code it does not know is a company it cannot vouch for. */
export const localBusinessRegister: BusinessRegister = {
  async lookup(countryCode, code) {
    return COMPANIES[`${countryCode} ${code}`] ?? null;
  },
};
