import { z } from 'zod';
import { operatingCountryCode } from './enums.ts';

/** What a bank is listed for: receiving consumer e-invoices, or paying through open banking. */
export const bankType = z.enum(['e-invoice', 'payment']);
export type BankType = z.infer<typeof bankType>;

export const bankQuery = z.object({ type: bankType });

export const bank = z.object({ id: z.string(), name: z.string(), bic: z.string(), countryCode: operatingCountryCode }).meta({ id: 'Bank' });
export type Bank = z.infer<typeof bank>;

export const eInvoiceOperator = z
  .object({ id: z.string(), name: z.string(), code: z.string(), countryCode: operatingCountryCode })
  .meta({ id: 'EInvoiceOperator' });
export type EInvoiceOperator = z.infer<typeof eInvoiceOperator>;
