import { z } from 'zod';
import { LOCALE_IDS, PSEUDO_LOCALE } from './locale-ids.ts';

export const localeId = z.enum(LOCALE_IDS);
export const bundleLocaleId = z.enum([...LOCALE_IDS, PSEUDO_LOCALE]);
