import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { localSigning } from '../../db/schema/signing.ts';
import type { Database } from '../../platform/database.ts';
import { signPdf } from './pdf-signature.ts';
import { ForgedSigningCallbackError, SigningServiceError, type SigningService } from './port.ts';

/** Where the local service's pages live, like the payment simulator's /payment-simulator and the e-ID's /idp. */
export const LOCAL_SIGNING_PATH = '/signing-service';

export type LocalSigningRow = typeof localSigning.$inferSelect;

/**
 * The embedded signing service of demo mode (docs/decisions/033-signing-port.md): it keeps its own book
 * (local_signing), sends the signer to its page under /signing-service where they confirm with the local e-ID,
 * signs the PDF with its demo certificate and reports back by a postback, as Dokobit does.
 */
export function createLocalSigningService(db: Database, now: () => Date = () => new Date()) {
  const service: SigningService = {
    id: 'LOCAL',
    async start(input) {
      const token = randomBytes(24).toString('base64url');
      await db.insert(localSigning).values({
        token,
        siteId: input.siteId,
        title: input.title,
        fileName: input.fileName,
        signerName: `${input.signer.firstName} ${input.signer.lastName}`.trim(),
        signerCode: input.signer.personalCode,
        signerCountry: input.signer.countryCode,
        language: input.language,
        returnUrl: input.returnUrl,
        document: input.document,
      });
      return { providerToken: token, signingUrl: `${LOCAL_SIGNING_PATH}/${token}` };
    },
    async status(providerToken) {
      const [found] = await db.select({ state: localSigning.state }).from(localSigning).where(eq(localSigning.token, providerToken));
      if (!found) throw new SigningServiceError(`The local signing service has no signing ${providerToken}`);
      return found.state;
    },
    async download(providerToken) {
      const [found] = await db
        .select({ signedFile: localSigning.signedFile })
        .from(localSigning)
        .where(eq(localSigning.token, providerToken));
      if (!found?.signedFile) throw new SigningServiceError('Nothing signed yet');
      return { content: found.signedFile, contentType: 'application/pdf' };
    },
    readCallback(body) {
      const token = typeof body === 'object' && body !== null ? (body as { token?: unknown }).token : undefined;
      if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{32}$/.test(token))
        throw new ForgedSigningCallbackError('The postback names no signing');
      return { providerToken: token };
    },
  };

  return {
    service,
    async find(token: string, siteId: string): Promise<LocalSigningRow | null> {
      const [found] = await db
        .select()
        .from(localSigning)
        .where(and(eq(localSigning.token, token), eq(localSigning.siteId, siteId)));
      return found ?? null;
    },
    /** Signs the document as the signer confirmed it, once; a signing already settled stays as it is. */
    async sign(found: LocalSigningRow, method: string): Promise<void> {
      // The certificate's module (node-forge) loads with the first signature, not with every copy (decision 121).
      const { demoSigningKey } = await import('./demo-certificate.ts');
      const signed = await signPdf(found.document, await demoSigningKey(db, now), {
        name: found.signerName,
        reason: `${found.title} (${method})`,
        location: found.signerCountry,
        contactInfo: found.signerCode,
        signingTime: now(),
      });
      await db
        .update(localSigning)
        .set({ state: 'signed', signedFile: signed })
        .where(and(eq(localSigning.token, found.token), eq(localSigning.state, 'pending')));
    },
    async refuse(found: LocalSigningRow): Promise<void> {
      await db
        .update(localSigning)
        .set({ state: 'refused' })
        .where(and(eq(localSigning.token, found.token), eq(localSigning.state, 'pending')));
    },
  };
}
export type LocalSigningService = ReturnType<typeof createLocalSigningService>;
