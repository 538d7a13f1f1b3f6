import { randomBytes } from 'node:crypto';
import type { SigningKey } from './demo-certificate.ts';

export type SignatureDetails = {
  /** Who signed, as the e-ID named them. */
  name: string;
  reason: string;
  location: string;
  contactInfo: string;
  signingTime: Date;
};

/**
 * Signs a PDF with the given key: a signature dictionary (/ByteRange, /Contents holding a detached PKCS#7
 * signature over the rest of the file, adbe.pkcs7.detached) on an invisible field of the first page. Any PDF
 * reader shows it as signed, and by an untrusted signer when the certificate is the demo one.
 */
export async function signPdf(document: Buffer, key: SigningKey, details: SignatureDetails): Promise<Buffer> {
  // Loaded with the first signature, not with the server (decisions 084 and 121): node-forge too, for the bundle.
  const [{ pdflibAddPlaceholder }, { SignPdf }, { P12Signer }, { PDFDocument }, { pkcs12Of }] = await Promise.all([
    import('@signpdf/placeholder-pdf-lib'),
    import('@signpdf/signpdf'),
    import('@signpdf/signer-p12'),
    import('pdf-lib'),
    import('./demo-certificate.ts'),
  ]);
  const pdfDoc = await PDFDocument.load(document, { updateMetadata: false });
  pdflibAddPlaceholder({
    pdfDoc,
    reason: details.reason,
    contactInfo: details.contactInfo,
    name: details.name,
    location: details.location,
    signingTime: details.signingTime,
    appName: 'Energy portal local signing service',
  });
  // Object streams would hide the placeholder from the signer, which looks for it in the file's text.
  const withPlaceholder = Buffer.from(await pdfDoc.save({ useObjectStreams: false }));
  const passphrase = randomBytes(16).toString('hex');
  const signer = new P12Signer(pkcs12Of(key, passphrase), { passphrase });
  return new SignPdf().sign(withPlaceholder, signer, details.signingTime);
}
