import { z } from 'zod';
import { localeId } from './locales.ts';

export const countriesQuery = z.object({ locale: localeId.optional() });
export const countryCodeParams = z.object({
  countryCode: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'countryCode must be a two-letter ISO 3166-1 alpha-2 code')
    .transform((code) => code.toUpperCase()),
});
export const country = z.object({ code: z.string().length(2), alpha3: z.string().length(3), name: z.string() }).meta({ id: 'Country' });
export type Country = z.infer<typeof country>;
export const countryList = z.array(country);
