import { businessCodeOf } from '@portal/schema/business-codes';
import { startWindow, type StartInfo } from '@portal/schema/contract-signing';
import type { BusinessRegister } from '../../integrations/business-register/port.ts';
import { AppError } from '../../platform/errors.ts';
import type { Executor } from '../../platform/database.ts';
import { gridRepository } from './grid-repository.ts';

/**
 * GET /api/contracts/start-info/{objectId}?businessCode: a place of the site's grid (as the search named it), its
 * usage points, the start days each reason allows, and a business code's check digits with, where the site shows
 * business customer info (BUSINESS_CUSTOMER_INFO), what the country's register says of the company.
 */
export async function startInfo(
  deps: { db: Executor; register: BusinessRegister },
  site: { id: string; countryCode: 'FI' | 'EE' | 'LV'; features: readonly string[] },
  objectId: string,
  businessCode: string | undefined,
  today: string,
): Promise<StartInfo> {
  const points = await gridRepository.ofObject(deps.db, site.id, objectId);
  const first = points[0];
  if (!first) throw new AppError('OBJECT_NOT_FOUND', 'No such place in this grid');
  let business: StartInfo['business'] = null;
  if (businessCode !== undefined) {
    const code = businessCodeOf(site.countryCode, businessCode);
    const company =
      code !== null && site.features.includes('BUSINESS_CUSTOMER_INFO') ? await deps.register.lookup(site.countryCode, code) : null;
    business = { code: code ?? businessCode, valid: code !== null, company };
  }
  return {
    objectId,
    address: { street: first.street, postalCode: first.postalCode, city: first.city, countryCode: first.countryCode },
    usagePoints: points.map((point) => ({ usagePointId: point.id, utility: point.utility, usagePointKind: point.usagePointKind })),
    windows: { 'move-in': startWindow(site.countryCode, 'move-in', today), switch: startWindow(site.countryCode, 'switch', today) },
    business,
  };
}
