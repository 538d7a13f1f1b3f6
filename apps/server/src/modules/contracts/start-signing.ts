import { randomBytes } from 'node:crypto';
import type { StartedSigning } from '@portal/schema/contract-signing';
import type { LocaleId } from '@portal/schema/locale-ids';
import { languageOf } from '@portal/schema/locale-ids';
import { BRAND_COLOURS } from '@portal/schema/theme-brand';
import type { ThemeId } from '@portal/schema/themes';
import { splitName, type SigningService } from '../../integrations/signing/port.ts';
import type { CustomerScope } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import { documentTexts } from '../../platform/document-texts.ts';
import { AppError } from '../../platform/errors.ts';
import { nextStatus } from './contract-life-cycle.ts';
import { renderContractPdf } from './contract-pdf.ts';
import { contractRepository } from './contract-repository.ts';
import { readContractDetail } from './read-contract-detail.ts';
import { signingRepository } from './signing-repository.ts';

export type SigningDeps = {
  db: Database;
  /** Null where no signing service is configured: signing in the portal is then not offered. */
  signingService: SigningService | null;
};

/** Who signs and where: the person (by their e-ID), the customer they act for, the site and the page's origin. */
export type SigningContext = {
  scope: CustomerScope;
  person: { id: string; name: string | null; ssn: string | null };
  customer: { name: string; clientCode: string; type: 'private' | 'legal' };
  site: { companyName: string; themeId: string; timezone: string };
  locale: LocaleId;
  /** https://host of the request, for the addresses the signing service sends the browser and its postbacks to. */
  origin: string;
  today: string;
  now: Date;
};

/** "FI131052-308T" → FI and 131052-308T: the e-ID's subject carries the country before the personal code. */
function signerCodeOf(ssn: string): { countryCode: 'FI' | 'EE' | 'LV'; personalCode: string } {
  const countryCode = ssn.slice(0, 2) as 'FI' | 'EE' | 'LV';
  return { countryCode, personalCode: ssn.slice(2) };
}

/** The contract as a PDF in the customer's language and the site's brand, as it is sent to be signed or downloaded. */
export async function contractDocument(
  deps: Pick<SigningDeps, 'db'>,
  context: Omit<SigningContext, 'person' | 'origin' | 'now'>,
  contractId: string,
) {
  const contract = await readContractDetail(deps.db, context.scope, contractId, context.today);
  if (!contract) throw new AppError('CONTRACT_NOT_FOUND', 'No such contract');
  const t = documentTexts(context.locale);
  const body = await renderContractPdf({
    contract,
    company: { name: context.site.companyName, brandColour: BRAND_COLOURS[context.site.themeId as ThemeId] },
    customer: { name: context.customer.name, clientCode: context.customer.clientCode },
    locale: context.locale,
    timezone: context.site.timezone,
  });
  return {
    contract,
    body,
    filename: `${t('contracts.file-name', { number: contract.contractNumber })}.pdf`,
    title: t('contracts.number', { number: contract.contractNumber }),
  };
}

/**
 * Sends a contract awaiting signature to the signing service (docs/decisions/033-signing-port.md): the PDF, the
 * signer by their e-ID, the page to come back to with the portal's own signing token. A service that fails leaves
 * nothing to sign, so the contract is cancelled and the customer may start again.
 */
export async function startSigning(
  deps: SigningDeps,
  context: SigningContext,
  contractId: string,
  returnPath: (signingToken: string) => string,
): Promise<StartedSigning> {
  if (!deps.signingService) throw new AppError('SIGNING_NOT_OFFERED', 'Contracts are not signed in the portal here');
  if (!context.person.ssn) throw new AppError('SIGNING_NEEDS_E_ID', 'Sign in with an e-ID to sign a contract');
  const document = await contractDocument(deps, context, contractId);
  const signingToken = randomBytes(24).toString('base64url');
  const { countryCode, personalCode } = signerCodeOf(context.person.ssn);
  let started;
  try {
    started = await deps.signingService.start({
      siteId: context.scope.siteId,
      document: document.body,
      fileName: document.filename,
      title: document.title,
      signer: { id: context.person.id, ...splitName(context.person.name ?? context.customer.name), personalCode, countryCode },
      language: languageOf(context.locale),
      returnUrl: `${context.origin}${returnPath(signingToken)}`,
      postbackUrl: `${context.origin}/api/contracts/signing/callback/${deps.signingService.id}`,
    });
  } catch (error) {
    await deps.db.transaction(async (tx) => {
      const locked = await contractRepository.lockWhole(tx, context.scope, contractId);
      if (locked?.status === 'awaiting-signature')
        await contractRepository.setStatus(tx, contractId, { status: nextStatus(locked.status, 'cancel') });
    });
    throw new AppError('SIGNING_SERVICE_FAILED', `The signing service could not be reached: ${(error as Error).message}`);
  }
  await signingRepository.insert(deps.db, {
    token: signingToken,
    siteId: context.scope.siteId,
    customerId: context.scope.customerId,
    contractId,
    personId: context.person.id,
    provider: deps.signingService.id,
    providerToken: started.providerToken,
    document: document.body,
  });
  return {
    contractId,
    contractNumber: document.contract.contractNumber,
    signingToken,
    signingUrl: started.signingUrl,
    status: 'awaiting-signature',
    returnsToPortal: deps.signingService.id === 'LOCAL',
  };
}
