import { randomBytes } from 'node:crypto';
import type { SigningStatus } from '@portal/schema/contract-signing';
import {
  SIGNED_DOCUMENT_TASK,
  type SignedDocumentTask,
  type SignedDocumentVerdict,
} from '../../integrations/signing/signed-document-task.ts';
import type { CustomerScope } from '../../platform/actor.ts';
import { AppError } from '../../platform/errors.ts';
import type { ParsingPool } from '../../platform/parsing-pool.ts';
import { contractMarker } from './contract-pdf.ts';
import { contractRepository } from './contract-repository.ts';
import { signingRepository } from './signing-repository.ts';
import { recordSignature, type SettleDeps } from './settle-signing.ts';

/**
 * POST /api/contracts/upload?contractId (docs/decisions/033-signing-port.md): a contract signed elsewhere (DigiDoc,
 * Adobe, a bank's signing) and brought back. Judged by its bytes: a PDF whose signatures verify over what they
 * cover, or an ASiC-E container whose signature digests match its files; and one of the signed documents must be
 * this contract's PDF (it names itself in its metadata). Then the contract is signed as by the signing service.
 * The bytes are judged on a parsing thread within the input limits (issue 25): 413/422 past them, 503 when busy.
 */
export async function uploadSignedDocument(
  deps: Pick<SettleDeps, 'db'> & { parsing: ParsingPool },
  scope: CustomerScope,
  person: { id: string },
  contractId: string,
  file: Buffer,
  today: string,
  now: Date,
): Promise<SigningStatus> {
  const row = await contractRepository.find(deps.db, scope, contractId);
  if (!row) throw new AppError('CONTRACT_NOT_FOUND', 'No such contract');
  if (row.contract.status !== 'awaiting-signature')
    throw new AppError('CONTRACT_STATUS_REFUSED', 'This contract is not waiting for a signature');
  const task: SignedDocumentTask = { file, pdfMustContain: Buffer.from(contractMarker(contractId), 'latin1') };
  const check = await deps.parsing.run<SignedDocumentVerdict>(SIGNED_DOCUMENT_TASK, task);
  if (!check.ok && check.reason === 'over-limit') throw new AppError(check.code, check.message);
  if (!check.ok) {
    throw new AppError(
      check.reason === 'not-pdf-or-asice'
        ? 'DOCUMENT_TYPE_REFUSED'
        : check.reason === 'no-signature'
          ? 'DOCUMENT_NOT_SIGNED'
          : 'SIGNATURE_INVALID',
      check.reason === 'not-pdf-or-asice'
        ? 'Upload the signed contract as a PDF or an ASiC-E container'
        : check.reason === 'no-signature'
          ? 'The document carries no signature'
          : 'A signature of the document does not match what it signs',
    );
  }
  if (!check.pdfContains) {
    throw new AppError('DOCUMENT_NOT_THIS_CONTRACT', 'The signed document is not this contract');
  }
  const token = randomBytes(24).toString('base64url');
  await deps.db.transaction(async (tx) => {
    const locked = await contractRepository.lockWhole(tx, scope, contractId);
    if (locked?.status !== 'awaiting-signature')
      throw new AppError('CONTRACT_STATUS_REFUSED', 'This contract is not waiting for a signature');
    await signingRepository.expirePending(tx, contractId, now);
    await signingRepository.insert(tx, {
      token,
      siteId: scope.siteId,
      customerId: scope.customerId,
      contractId,
      personId: person.id,
      provider: 'UPLOAD',
      providerToken: token,
      state: 'signed',
      document: file,
      signedFile: file,
      signedContentType: check.contentType,
      settledAt: now,
    });
    await recordSignature(tx, { ...scope, contractId }, today, now);
  });
  const signed = (await contractRepository.find(deps.db, scope, contractId))!;
  return {
    signingToken: token,
    contractId,
    contractNumber: signed.contract.contractNumber,
    state: 'signed',
    contractStatus: signed.contract.status,
    signedAt: signed.contract.signedAt?.toISOString() ?? null,
  };
}
