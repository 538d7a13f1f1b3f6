import { describe, expect, it } from 'vitest';
import { signingChannels } from '@portal/schema/contract-signing';
import { emptySign, signRequestOf, stepErrors, validateSign, type SignValues } from './sign-form.ts';

const filled: SignValues = {
  ...emptySign('mikko.korhonen@example.fi'),
  usagePointId: 'gp-lumo-kalevankatu-el',
  objectId: 'go-lumo-kalevankatu-31-a-5',
  utility: 'electricity',
  productId: 'pr-lumo-kiintea-12',
  startDate: '2026-12-01',
  channel: 'EInvoiceRequest',
  target: 'fi21 1234 5600 0007 85',
  operator: 'Nordea',
  accepted: true,
};
const window = { earliest: '2026-11-23', latest: '2027-02-21', firstOfMonthOnly: false };
const message = (field: string) => `bad ${field}`;

describe('the sign form', () => {
  it('makes the request the server checks, the Estonian one with the EIC', () => {
    expect(signRequestOf(filled, false)).toMatchObject({
      usagePointId: 'gp-lumo-kalevankatu-el',
      billing: { channel: 'EInvoiceRequest', target: 'fi21 1234 5600 0007 85', operator: 'Nordea' },
      coOwner: null,
      termMonths: null,
    });
    expect(signRequestOf({ ...filled, meteringPointEic: '38ZEE-00060012-X' }, true)).toHaveProperty('meteringPointEic', '38ZEE-00060012-X');
    expect(validateSign(filled, { countryCode: 'FI', window }, message)).toEqual({});
  });

  it('checks each step on its own, with the start days of the place', () => {
    const errors = validateSign(
      { ...filled, productId: '', startDate: '2027-06-01', target: 'not an iban' },
      { countryCode: 'FI', window },
      message,
    );
    expect(stepErrors(errors, 'product')).toEqual({ productId: 'bad productId' });
    expect(stepErrors(errors, 'start')).toEqual({ startDate: 'bad startDate' });
    expect(stepErrors(errors, 'billing')).toEqual({ target: 'bad target' });
    expect(stepErrors(errors, 'usage-point')).toEqual({});
    const estonian = validateSign(
      { ...filled, meteringPointEic: '38ZEE-00060012-0' },
      { countryCode: 'EE', window: { ...window, firstOfMonthOnly: true } },
      message,
    );
    expect(estonian).toMatchObject({ meteringPointEic: 'bad meteringPointEic' });
  });

  it('checks the co-owner’s personal code and a company’s business code by the site country’s registers, as pasted', () => {
    const coOwner = (coOwnerCode: string, countryCode: 'FI' | 'EE' | 'LV' = 'FI') =>
      validateSign({ ...filled, coOwner: true, coOwnerName: 'Maija Mäkinen', coOwnerCode }, { countryCode, window }, message);
    expect(coOwner('\u00a0131052\u2013308t')).toEqual({});
    expect(coOwner('010594Y9032')).toEqual({});
    expect(coOwner('131052-308U')).toEqual({ coOwnerCode: 'bad coOwnerCode' });
    expect(coOwner('37605030299')).toEqual({ coOwnerCode: 'bad coOwnerCode' });
    expect(coOwner('')).toEqual({ coOwnerCode: 'bad coOwnerCode' });
    expect(coOwner('325035 11782', 'LV')).toEqual({});
    const company = (businessCode: string, countryCode: 'FI' | 'EE' | 'LV' = 'FI') =>
      validateSign({ ...filled, businessCode }, { countryCode, window }, message);
    expect(company('07375462')).toEqual({});
    expect(company('07375461')).toEqual({ businessCode: 'bad businessCode' });
    expect(company('90000069281', 'LV')).toEqual({});
  });

  it('offers the billing channels the site’s signing variants allow, the e-invoice first where preferred', () => {
    expect(signingChannels([], 'private', 'FI')).toEqual(['Address']);
    expect(signingChannels(['SIGNING_EMAIL_INVOICE', 'SIGNING_E_INVOICE'], 'private', 'FI')).toEqual([
      'EInvoiceRequest',
      'Email',
      'Address',
    ]);
    expect(signingChannels(['SIGNING_EMAIL_INVOICE', 'SIGNING_POSTAL_INVOICE_DISABLED'], 'legal', 'FI')).toEqual(['Email']);
    expect(signingChannels(['SIGNING_E_INVOICE'], 'legal', 'FI')).toEqual(['OVT', 'Address']);
    expect(signingChannels(['SIGNING_E_INVOICE'], 'legal', 'EE')).toEqual(['IBAN', 'Address']);
    expect(signingChannels(['SIGNING_POSTAL_INVOICE_DISABLED'], 'private', 'LV')).toEqual(['Address']);
  });
});
