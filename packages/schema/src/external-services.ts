import { z } from 'zod';
import { externalServiceType } from './site.ts';
import { localeId } from './locales.ts';

export const externalServiceQuery = z.object({ type: externalServiceType, locale: localeId.optional() });
export const externalServiceLink = z
  .object({ type: externalServiceType, url: z.string().url(), localeId: localeId.nullable() })
  .meta({ id: 'ExternalServiceLink' });
