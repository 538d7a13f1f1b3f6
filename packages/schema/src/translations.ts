import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { z } from 'zod';
import { bundleLocaleId } from './locales.ts';

export const translationSet = z.enum(['web', 'mobile']);
export type TranslationSet = z.infer<typeof translationSet>;
export const translationParams = z.object({ locale: bundleLocaleId });
export const translationQuery = z.object({
  set: translationSet.default('web'),
  /** The texts' version a page was given: an answer for the current version may be kept for good. */
  v: z.string().max(64).optional(),
  /**
   * `text`: every message as ICU text. `compiled`: a message with ICU syntax as its syntax tree, so a browser formats it
   * without an ICU parser in its first load (decision 105); a message without any stays text.
   */
  form: z.enum(['text', 'compiled']).default('text'),
});
export type TranslationForm = z.infer<typeof translationQuery>['form'];
/** A flat bundle: dotted key to ICU message. */
export const translationBundle = z.record(z.string(), z.string());
export type TranslationBundle = z.infer<typeof translationBundle>;
/** A bundle in the `compiled` form: each message as text, or as the ICU syntax tree of @formatjs's parser. */
export const compiledTranslationBundle = z.record(z.string(), z.union([z.string(), z.array(z.looseObject({ type: z.number() }))]));
export type CompiledTranslationBundle = Record<string, string | MessageFormatElement[]>;
