/**
 * Spec §4: a form draft is encrypted with AES-CBC and a random 16-byte IV before it touches session storage. The
 * key comes from the server per session and customer (GET /api/info `draftKey`, docs/decisions/027-form-drafts.md).
 */
export type SealedDraft = { version: string; savedAt: string; iv: string; data: string };

const toBase64 = (bytes: ArrayBuffer | Uint8Array) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

const importKey = (keyBase64: string) => crypto.subtle.importKey('raw', fromBase64(keyBase64), 'AES-CBC', false, ['encrypt', 'decrypt']);

export async function sealDraft(values: unknown, keyBase64: string, version: string, savedAt: Date): Promise<SealedDraft> {
  const iv = crypto.getRandomValues(new Uint8Array(16));
  const plain = new TextEncoder().encode(JSON.stringify(values));
  const data = await crypto.subtle.encrypt({ name: 'AES-CBC', iv }, await importKey(keyBase64), plain);
  return { version, savedAt: savedAt.toISOString(), iv: toBase64(iv), data: toBase64(data) };
}

/** The values of a sealed draft, or null when it cannot be opened (another key, damaged): spec §8, no draft. */
export async function openDraft<Values>(sealed: SealedDraft, keyBase64: string): Promise<Values | null> {
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-CBC', iv: fromBase64(sealed.iv) },
      await importKey(keyBase64),
      fromBase64(sealed.data),
    );
    return JSON.parse(new TextDecoder().decode(plain)) as Values;
  } catch {
    return null;
  }
}

/** A stored draft as written by sealDraft, or null for anything else found under its key. */
export function parseSealedDraft(stored: string | null): SealedDraft | null {
  if (!stored) return null;
  try {
    const parsed = JSON.parse(stored) as Partial<SealedDraft>;
    const fields = [parsed.version, parsed.savedAt, parsed.iv, parsed.data];
    return fields.every((field) => typeof field === 'string') ? (parsed as SealedDraft) : null;
  } catch {
    return null;
  }
}
