import { businessCodeOf } from '@portal/schema/business-codes';
import type { OperatingCountryCode } from '@portal/schema/enums';
import { REFERENCE_KINDS_OF_COUNTRY, VAT_NUMBER_FORMS, type PayeeDetails, type SitePayee } from '@portal/schema/payee';
import { auditAdminChange, type AdminChange } from '../../platform/admin-audit.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { payeeRepository } from '../invoices/payee-repository.ts';
import { siteAdminRepository } from './site-admin-repository.ts';

type Deps = { db: Database };

const BUSINESS_ID_NAMES: Record<OperatingCountryCode, string> = {
  FI: 'a Finnish business ID (Y-tunnus, 1234567-8)',
  EE: 'an Estonian registry code (registrikood, 8 digits)',
  LV: 'a Latvian registration number (reģistrācijas numurs, 11 digits)',
};

/** GET …/payee: the details as stored, with the site's country, whose forms they follow. */
export async function readPayeeDetails({ db }: Deps, siteId: string, executor: Executor = db): Promise<SitePayee> {
  const row = await siteAdminRepository.site(executor, siteId);
  if (!row) throw new AppError('UNKNOWN_SITE', 'No such site');
  return { countryCode: row.countryCode, payee: await payeeRepository.find(executor, siteId) };
}

/**
 * PUT …/payee: replaces the seller and payee details (docs/decisions/095) after the checks only the site's country
 * allows: its register's business ID with a right check digit (packages/schema/business-codes.ts), a VAT number of its
 * form (in Finland and Latvia the business ID's own digits), and a reference kind its banks use. Saved and audited with
 * the values before and after in one transaction (docs/decisions/072); invoices print the new details from then on.
 */
export async function updatePayeeDetails(deps: Deps, change: AdminChange, details: PayeeDetails): Promise<SitePayee> {
  const siteId = change.actor.siteId;
  return deps.db.transaction(async (tx) => {
    const row = await siteAdminRepository.lockSite(tx, siteId);
    if (!row) throw new AppError('UNKNOWN_SITE', 'No such site');
    const written = checkForCountry(row.countryCode, details);
    const before = await payeeRepository.find(tx, siteId);
    await payeeRepository.save(tx, siteId, written);
    await auditAdminChange(tx, change, 'site payee changed', { before, after: written });
    return readPayeeDetails(deps, siteId, tx);
  });
}

/** The details with the business ID in its register's written form (`07375462` → `0737546-2`), or the reason not. */
function checkForCountry(countryCode: OperatingCountryCode, details: PayeeDetails): PayeeDetails {
  const businessId = businessCodeOf(countryCode, details.businessId);
  if (businessId === null) {
    throw new AppError('PAYEE_BUSINESS_ID_INVALID', `businessId: ${details.businessId} is not ${BUSINESS_ID_NAMES[countryCode]}`);
  }
  // In Finland the VAT number is FI and the Y-tunnus without its hyphen; in Latvia LV and the registration number.
  const own = countryCode === 'EE' ? null : `${countryCode}${businessId.replace(/\D/g, '')}`;
  if (!VAT_NUMBER_FORMS[countryCode].test(details.vatNumber) || (own !== null && details.vatNumber !== own)) {
    const expected = own ? `, here ${own}` : ' and nine digits';
    throw new AppError('PAYEE_VAT_NUMBER_INVALID', `vatNumber: a ${countryCode} VAT number is ${countryCode}${expected}`);
  }
  const kinds = REFERENCE_KINDS_OF_COUNTRY[countryCode];
  if (!kinds.includes(details.referenceKind)) {
    throw new AppError('PAYEE_REFERENCE_KIND_INVALID', `referenceKind: banks in ${countryCode} take ${kinds.join(' or ')}`);
  }
  return { ...details, businessId };
}
