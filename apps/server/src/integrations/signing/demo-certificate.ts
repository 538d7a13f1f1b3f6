import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import forge from 'node-forge';
import { signingCertificate } from '../../db/schema/signing.ts';
import type { Database } from '../../platform/database.ts';

const CERTIFICATE_ID = 'local-signing-service';
const VALID_YEARS = 10;

export type SigningKey = { certificatePem: string; privateKeyPem: string };

/** A self-signed certificate of the local signing service: RSA 2048 (Node's key generation), SHA-256, ten years. */
export function makeDemoCertificate(now: Date): SigningKey {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  // A positive serial: the first byte below 0x80.
  certificate.serialNumber = `01${randomBytes(15).toString('hex')}`;
  certificate.validity.notBefore = now;
  certificate.validity.notAfter = new Date(Date.UTC(now.getUTCFullYear() + VALID_YEARS, now.getUTCMonth(), now.getUTCDate()));
  const subject = [
    { name: 'commonName', value: 'Energy portal local signing service (demo, untrusted)' },
    { name: 'organizationName', value: 'Energy portal demo' },
    { shortName: 'OU', value: 'Not a qualified signature' },
  ];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
    { name: 'extKeyUsage', emailProtection: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  certificate.sign(forge.pki.privateKeyFromPem(privateKeyPem), forge.md.sha256.create());
  return { certificatePem: forge.pki.certificateToPem(certificate), privateKeyPem };
}

/**
 * The local signing service's certificate (docs/decisions/034-local-signing-certificate.md): made on first use
 * and kept in the database, so every signature of an installation names the same signer across restarts and
 * server copies. Two copies making one at once keep whichever was written first.
 */
export async function demoSigningKey(db: Database, now: () => Date = () => new Date()): Promise<SigningKey> {
  const read = async () => {
    const [row] = await db.select().from(signingCertificate).where(eq(signingCertificate.id, CERTIFICATE_ID));
    return row ? { certificatePem: row.certificatePem, privateKeyPem: row.privateKeyPem } : null;
  };
  const kept = await read();
  if (kept) return kept;
  await db
    .insert(signingCertificate)
    .values({ id: CERTIFICATE_ID, ...makeDemoCertificate(now()) })
    .onConflictDoNothing();
  return (await read())!;
}

/** The key and certificate as a PKCS#12 bundle, the form the PDF signer reads. */
export function pkcs12Of(key: SigningKey, passphrase: string): Buffer {
  const asn1 = forge.pkcs12.toPkcs12Asn1(
    forge.pki.privateKeyFromPem(key.privateKeyPem),
    [forge.pki.certificateFromPem(key.certificatePem)],
    passphrase,
    { algorithm: '3des' },
  );
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}
