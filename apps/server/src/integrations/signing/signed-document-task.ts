import type { SignedDocumentCheck } from './signed-document-check.ts';

/** What the upload's check sends the parsing thread: the file, and the bytes its signed PDF must contain. */
export type SignedDocumentTask = { file: Uint8Array; pdfMustContain: Uint8Array };

/** The check's answer without the documents themselves: whether a signed PDF among them contains the bytes. */
export type SignedDocumentVerdict =
  (Omit<Extract<SignedDocumentCheck, { ok: true }>, 'documents'> & { pdfContains: boolean }) | Extract<SignedDocumentCheck, { ok: false }>;

/** Where the task lives and its export, for the parsing pool (platform/parsing-pool.ts). */
export const SIGNED_DOCUMENT_TASK = { file: new URL(import.meta.url), name: 'checkSignedDocumentTask' } as const;

/**
 * Runs on a parsing thread (docs/decisions/098): the whole check of an uploaded signed document, ZIP inflating and
 * signature hashing included, so that none of it holds the event loop. Answers plain data only.
 * @public The parsing pool calls it by its name (SIGNED_DOCUMENT_TASK), which knip cannot see.
 */
export async function checkSignedDocumentTask({ file, pdfMustContain }: SignedDocumentTask): Promise<SignedDocumentVerdict> {
  // Imported here, on the thread: the server imports this file for SIGNED_DOCUMENT_TASK alone, and the check's
  // node-forge and ZIP readers would otherwise load into every copy's main thread (decision 121).
  const { checkSignedDocument } = await import('./signed-document-check.ts');
  const check = await checkSignedDocument(Buffer.from(file.buffer, file.byteOffset, file.byteLength));
  if (!check.ok) return check;
  const { documents, ...rest } = check;
  const marker = Buffer.from(pdfMustContain.buffer, pdfMustContain.byteOffset, pdfMustContain.byteLength);
  return {
    ...rest,
    pdfContains: documents.some((document) => document.subarray(0, 5).toString('latin1') === '%PDF-' && document.includes(marker)),
  };
}
