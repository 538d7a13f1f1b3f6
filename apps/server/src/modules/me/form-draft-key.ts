import { createHmac } from 'node:crypto';

/**
 * The key a browser encrypts spec §4 form drafts with (docs/decisions/027-form-drafts.md): derived from the session
 * token and the customer acted for, so drafts of one company never open as another's, and after sign-out (the
 * session row gone, its token never seen again) no key can be had for what is left in session storage.
 */
export function formDraftKey(secret: string, sessionToken: string, customerId: string | null): string {
  return createHmac('sha256', secret)
    .update(`form-drafts\0${sessionToken}\0${customerId ?? ''}`)
    .digest('base64');
}
