import type { SigningState } from '@portal/schema/contract-signing';

/** Who signs: the person's name as the e-ID knows it and their personal code. */
export type Signer = { id: string; firstName: string; lastName: string; personalCode: string; countryCode: 'FI' | 'EE' | 'LV' };

export type StartSigningInput = {
  siteId: string;
  /** The PDF to sign. */
  document: Buffer;
  fileName: string;
  /** Shown to the signer as the signing's name. */
  title: string;
  signer: Signer;
  /** Two-letter language of the signing pages. */
  language: string;
  /** Where the browser comes back to once the person signed or refused (absolute). */
  returnUrl: string;
  /** Where the service's server reports that the signing changed (absolute). */
  postbackUrl: string;
};

export type StartedProviderSigning = {
  providerToken: string;
  /** Where to send the signer's browser. */
  signingUrl: string;
};

/** The signed file as the service hands it out. */
export type SignedFile = { content: Buffer; contentType: 'application/pdf' | 'application/vnd.etsi.asic-e+zip' };

/** The service could not be reached or refused the call; retrying later can succeed. */
export class SigningServiceError extends Error {}
/** A callback that names no signing of this service. */
export class ForgedSigningCallbackError extends Error {}

/**
 * The signing port (docs/decisions/033-signing-port.md): the local signing service and Dokobit's Documents Gateway
 * both speak it. A callback only names the signing that changed; the state is always read back with `status`
 * over the service's own API, so a callback can never sign a contract by what it claims.
 */
export interface SigningService {
  readonly id: 'LOCAL' | 'DOKOBIT_DOCUMENT_GATEWAY';
  start(input: StartSigningInput): Promise<StartedProviderSigning>;
  status(providerToken: string): Promise<SigningState>;
  /** The signed file; only once `status` says signed. */
  download(providerToken: string): Promise<SignedFile>;
  /** Names the signing a postback concerns; throws ForgedSigningCallbackError when it names none. */
  readCallback(body: unknown): { providerToken: string };
}

/** "Aino Virtanen" → Aino / Virtanen; the e-ID's one name field holds given names first. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/);
  if (parts.length === 1) return { firstName: parts[0] ?? '', lastName: parts[0] ?? '' };
  return { firstName: parts.slice(0, -1).join(' '), lastName: parts.at(-1)! };
}
