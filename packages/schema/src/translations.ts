import { z } from 'zod';
import { bundleLocaleId } from './locales.ts';

export const translationSet = z.enum(['web', 'mobile']);
export type TranslationSet = z.infer<typeof translationSet>;
export const translationParams = z.object({ locale: bundleLocaleId });
export const translationQuery = z.object({
  set: translationSet.default('web'),
  /** The texts' version a page was given: an answer for the current version may be kept for good. */
  v: z.string().max(64).optional(),
});
/** A flat bundle: dotted key to ICU message. */
export const translationBundle = z.record(z.string(), z.string());
export type TranslationBundle = z.infer<typeof translationBundle>;
