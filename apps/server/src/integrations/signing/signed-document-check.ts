import { createHash } from 'node:crypto';
import forge from 'node-forge';
import type { ErrorCode } from '@portal/schema/error-codes';
import { NotAZipError, readZipEntries } from '../../platform/bounded-zip.ts';
import { AppError } from '../../platform/errors.ts';
import { INPUT_LIMITS, overLimit } from '../../platform/input-limits.ts';

export const ASIC_E_MIME_TYPE = 'application/vnd.etsi.asic-e+zip';

export type SignedDocumentCheck =
  | { ok: true; kind: 'pdf' | 'asice'; contentType: 'application/pdf' | typeof ASIC_E_MIME_TYPE; signers: string[]; documents: Buffer[] }
  | { ok: false; reason: 'not-pdf-or-asice' | 'no-signature' | 'signature-broken' }
  /** Past one of the input limits (platform/input-limits.ts): its code and message, as plain data a thread can send. */
  | { ok: false; reason: 'over-limit'; code: ErrorCode; message: string };

const DIGESTS: Record<string, string> = {
  [forge.pki.oids.sha1!]: 'sha1',
  [forge.pki.oids.sha256!]: 'sha256',
  [forge.pki.oids.sha384!]: 'sha384',
  [forge.pki.oids.sha512!]: 'sha512',
};

const startsWith = (file: Buffer, text: string) => file.subarray(0, text.length).toString('latin1') === text;

type PdfSignature = { signer: string } | 'broken';

/**
 * One PDF signature dictionary, proven by content: /ByteRange covers the file but for the /Contents hole, the
 * hole holds a CMS (PKCS#7) SignedData whose message digest is the digest of the covered bytes, and whose
 * signature over its signed attributes verifies with the certificate it carries.
 */
function checkPdfSignature(file: Buffer, range: [number, number, number, number]): PdfSignature {
  const [start, firstLength, secondStart, secondLength] = range;
  if (start !== 0 || secondStart + secondLength > file.length || firstLength >= secondStart) return 'broken';
  if (secondStart - firstLength > INPUT_LIMITS.pdfSignatureBytes.limit)
    throw overLimit('pdfSignatureBytes', `a signature of the PDF is ${secondStart - firstLength} bytes`);
  const hole = file.subarray(firstLength, secondStart).toString('latin1');
  const hex = /^<([0-9a-fA-F]+)>$/.exec(hole.trim())?.[1];
  if (!hex) return 'broken';
  try {
    const message = forge.pkcs7.messageFromAsn1(
      forge.asn1.fromDer(
        forge.util.hexToBytes(hex), // The types lag the library: it takes options, and parseAllBytes lets the zero padding of /Contents be.
        { strict: false, parseAllBytes: false } as unknown as boolean,
      ),
    ) as forge.pkcs7.PkcsSignedData & {
      rawCapture: { authenticatedAttributes?: forge.asn1.Asn1[]; signature: string; digestAlgorithm: string };
    };
    const certificate = message.certificates[0];
    const attributes = message.rawCapture.authenticatedAttributes;
    const algorithm = DIGESTS[forge.asn1.derToOid(message.rawCapture.digestAlgorithm)];
    if (!certificate || !attributes || !algorithm) return 'broken';
    const covered = Buffer.concat([file.subarray(0, firstLength), file.subarray(secondStart, secondStart + secondLength)]);
    const digest = createHash(algorithm).update(covered).digest('binary');
    const digestAttribute = attributes.find(
      (attribute) => forge.asn1.derToOid((attribute.value as forge.asn1.Asn1[])[0]!.value as string) === forge.pki.oids.messageDigest,
    );
    const recorded = ((digestAttribute?.value as forge.asn1.Asn1[] | undefined)?.[1]?.value as forge.asn1.Asn1[] | undefined)?.[0]?.value;
    if (recorded !== digest) return 'broken';
    const signedAttributes = forge.asn1
      .toDer(forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes))
      .getBytes();
    const attributesDigest = forge.md[algorithm as 'sha256'].create().update(signedAttributes).digest().getBytes();
    const publicKey = certificate.publicKey as forge.pki.rsa.PublicKey;
    if (!publicKey.verify(attributesDigest, message.rawCapture.signature)) return 'broken';
    return { signer: String(certificate.subject.getField('CN')?.value ?? '') };
  } catch {
    return 'broken';
  }
}

function checkPdf(file: Buffer): SignedDocumentCheck {
  const text = file.toString('latin1');
  // Each signature hashes the whole file again: their number is bounded before any is checked. PDF streams are never
  // inflated here; what a signature covers is the file's own bytes.
  const ranges: [number, number, number, number][] = [];
  for (const match of text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)) {
    if (ranges.length === INPUT_LIMITS.pdfSignatures.limit) throw overLimit('pdfSignatures', 'the PDF carries more signatures');
    ranges.push(match.slice(1, 5).map(Number) as [number, number, number, number]);
  }
  if (ranges.length === 0) return { ok: false, reason: 'no-signature' };
  const signatures = ranges.map((range) => checkPdfSignature(file, range));
  if (signatures.some((signature) => signature === 'broken')) return { ok: false, reason: 'signature-broken' };
  return {
    ok: true,
    kind: 'pdf',
    contentType: 'application/pdf',
    signers: signatures.map((signature) => (signature as { signer: string }).signer),
    documents: [file],
  };
}

const XML_DIGESTS: Record<string, string> = {
  'http://www.w3.org/2000/09/xmldsig#sha1': 'sha1',
  'http://www.w3.org/2001/04/xmlenc#sha256': 'sha256',
  'http://www.w3.org/2001/04/xmldsig-more#sha384': 'sha384',
  'http://www.w3.org/2001/04/xmlenc#sha512': 'sha512',
};

/**
 * An ASiC-E container (ETSI EN 319 162, the form DigiDoc and Dokobit give Estonian and Latvian signatures):
 * a ZIP whose first entry `mimetype` names the type, with XAdES signatures under META-INF whose references'
 * digests match the data files they sign. The XAdES signature value itself needs the signer's certificate
 * chain and is for a validation service to judge; the digests prove what was signed.
 */
async function checkAsice(file: Buffer): Promise<SignedDocumentCheck> {
  let entries: Map<string, Buffer>;
  try {
    entries = await readZipEntries(file);
  } catch (error) {
    if (error instanceof NotAZipError) return { ok: false, reason: 'not-pdf-or-asice' };
    throw error;
  }
  if ([...entries.keys()][0] !== 'mimetype' || entries.get('mimetype')!.toString('utf8').trim() !== ASIC_E_MIME_TYPE) {
    return { ok: false, reason: 'not-pdf-or-asice' };
  }
  const signatureFiles = [...entries.keys()].filter((name) => /^META-INF\/.*signatures.*\.xml$/i.test(name));
  if (signatureFiles.length === 0) return { ok: false, reason: 'no-signature' };
  const signed = new Set<string>();
  const signers: string[] = [];
  for (const name of signatureFiles) {
    const xml = signatureXml(name, entries.get(name)!);
    if (!/<(\w+:)?SignatureValue[^>]*>[A-Za-z0-9+/=\s]{40,}<\/(\w+:)?SignatureValue>/.test(xml))
      return { ok: false, reason: 'no-signature' };
    // A reference's content stops at the next Reference tag, so the scan is linear in the file, however it is cut.
    for (const reference of xml.matchAll(/<(?:\w+:)?Reference\b([^>]*)>((?:(?!<\/?(?:\w+:)?Reference\b)[\s\S])*)<\/(?:\w+:)?Reference>/g)) {
      const uri = /\bURI="([^"#][^"]*)"/.exec(reference[1]!)?.[1];
      if (!uri) continue;
      const method = /<(?:\w+:)?DigestMethod[^>]*Algorithm="([^"]+)"/.exec(reference[2]!)?.[1] ?? '';
      const value = /<(?:\w+:)?DigestValue[^>]*>([^<]+)</.exec(reference[2]!)?.[1]?.replace(/\s+/g, '');
      const data = entries.get(decodeURIComponent(uri));
      const algorithm = XML_DIGESTS[method];
      if (!data || !algorithm || !value) return { ok: false, reason: 'signature-broken' };
      if (createHash(algorithm).update(data).digest('base64') !== value) return { ok: false, reason: 'signature-broken' };
      signed.add(decodeURIComponent(uri));
    }
    const signer = /<(?:\w+:)?X509SubjectName[^>]*>([^<]+)</.exec(xml)?.[1];
    if (signer) signers.push(signer.trim());
  }
  if (signed.size === 0) return { ok: false, reason: 'no-signature' };
  return {
    ok: true,
    kind: 'asice',
    contentType: ASIC_E_MIME_TYPE,
    signers,
    documents: [...signed].map((name) => entries.get(name)!),
  };
}

/**
 * A signature file's text, within its limits: its size, and no DTD. XAdES has no use for one, and a DTD's
 * entities are how XML inflates itself (issue 25); the digests are read by patterns, never by expanding entities.
 */
function signatureXml(name: string, content: Buffer): string {
  if (content.length > INPUT_LIMITS.signatureXmlBytes.limit) throw overLimit('signatureXmlBytes', `${name} is ${content.length} bytes`);
  const xml = content.toString('utf8');
  if (/<!(DOCTYPE|ENTITY)/i.test(xml)) throw overLimit('signatureXmlDoctype', `${name} carries a DTD`);
  return xml;
}

/**
 * What an uploaded document is, judged by its bytes only (never by its name or the content type it was sent with),
 * within the limits of platform/input-limits.ts. Heavy for a large file: the server runs it on a parsing thread
 * (signed-document-task.ts).
 */
export async function checkSignedDocument(file: Buffer): Promise<SignedDocumentCheck> {
  try {
    if (startsWith(file, '%PDF-')) return checkPdf(file);
    if (startsWith(file, 'PK\u0003\u0004')) return await checkAsice(file);
    return { ok: false, reason: 'not-pdf-or-asice' };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, reason: 'over-limit', code: error.code, message: error.message };
    throw error;
  }
}
