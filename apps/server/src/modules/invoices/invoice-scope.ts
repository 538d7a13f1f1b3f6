import type { FastifyRequest } from 'fastify';
import { todayIn } from '@portal/schema/calendar-dates';
import { customerScopeOf } from '../../platform/actor.ts';
import type { InvoiceScope } from './invoice-repository.ts';

/** The acting customer's invoices of this site, and what today means for them on the site's clock. */
export function invoiceScopeOf(request: FastifyRequest, now: Date): InvoiceScope {
  return {
    ...customerScopeOf(request),
    today: todayIn(request.site.timezone, now),
    advancedPostponement: request.site.features.includes('ADVANCED_INVOICE_POSTPONEMENT'),
  };
}
