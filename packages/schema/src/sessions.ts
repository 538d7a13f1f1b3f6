import { z } from 'zod';

export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'tv', 'other'] as const;

/** A signed-in browser of the person, as "active sessions" lists it; the token itself never leaves the server. */
export const activeSession = z
  .object({
    id: z.string(),
    /** Parsed from the browser's user agent at sign-in; null when it sent none or an unknown one. */
    browser: z.string().nullable(),
    os: z.string().nullable(),
    device: z.enum(DEVICE_TYPES),
    siteId: z.string(),
    siteName: z.string(),
    startedAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    current: z.boolean(),
  })
  .meta({ id: 'ActiveSession' });
export type ActiveSession = z.infer<typeof activeSession>;
export const activeSessions = z.array(activeSession);

export const sessionParams = z.object({ id: z.uuid('id must be a session id') });

export const signedOutSessions = z.object({ signedOut: z.number().int() });
