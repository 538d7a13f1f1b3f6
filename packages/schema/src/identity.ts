import { z } from 'zod';
import { contactPreference, customerType, MARKETING_CHANNELS, marketingChannel } from './enums.ts';
import { siteFeature } from './features.ts';
import { identifierField } from './identifier-text.ts';
import { localeId } from './locales.ts';

const MARKETING_CHANNEL_COUNT = MARKETING_CHANNELS.length;

/** Who acts on a request: the person, for themself, a company or person they represent, or as staff. */
export const actingAs = z.enum(['self', 'representative', 'staff']);
export type ActingAs = z.infer<typeof actingAs>;
export const staffRole = z.enum(['customer-service', 'site-admin']);
/** A person's own customership, or one they represent (a company's board member, an authorised person). */
export const ACCESS_RELATIONS = ['self', 'representative'] as const;
export type StaffRole = z.infer<typeof staffRole>;

/** Spec §3 Session, as GET /api/auth/session answers it (null when signed out). */
export const portalSession = z
  .object({
    user: z.object({
      name: z.string().nullable(),
      ssn: z.string().nullable(),
      verifiedAt: z.string().nullable(),
      clientCode: z.string().nullable(),
      /** True when the person's personal code was verified by strong e-ID (SsnVerified). */
      verified: z.boolean(),
    }),
    userOrRepresentativeCode: z.string().nullable(),
    features: z.array(siteFeature),
    expires: z.string(),
  })
  .meta({ id: 'PortalSession' });
export type PortalSession = z.infer<typeof portalSession>;

/** One way in, as GET /api/auth/providers (Auth.js) describes a configured provider. */
export const authProvider = z.object({
  /** 'eid' (bank links, Smart-ID, ID card, Mobile-ID), 'telecom', or 'email' on e-mail-only sites. */
  id: z.string(),
  name: z.string(),
  type: z.enum(['oidc', 'email']),
  signinUrl: z.string(),
  callbackUrl: z.string(),
});
export type AuthProvider = z.infer<typeof authProvider>;

export const representative = z
  .object({
    representativeCode: z.string(),
    clientCode: z.string(),
    name: z.string(),
    type: customerType,
    relation: z.enum(ACCESS_RELATIONS),
    active: z.boolean(),
  })
  .meta({ id: 'Representative' });
export type Representative = z.infer<typeof representative>;
export const representativeList = z.array(representative);
export const chooseRepresentativeRequest = z.object({
  representativeCode: z.string().trim().min(1, 'representativeCode is required').max(100),
});

/** The address of a sign-in by e-mail link (POST /api/auth/signin/email), as the sign-in form checks it. */
export const emailSignInRequest = z.object({
  email: z.string().trim().min(1, 'email is required').max(254).pipe(z.email('email must be a valid e-mail address')),
});

export const staffActingCustomerRequest = z.object({
  clientCode: z.string().trim().min(1, 'clientCode is required').max(50),
});

export const profile = z
  .object({
    name: z.string().nullable(),
    ssn: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    preferredLocale: localeId.nullable(),
    contactPreference: contactPreference,
    marketingChannels: z.array(marketingChannel),
    /** A new address waiting for its confirmation link to be followed; the old one stays until then. */
    pendingEmail: z.string().nullable(),
    verifiedAt: z.string().nullable(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profile>;

export const updateProfileRequest = z
  .object({
    /**
     * A different address is not saved: a confirmation link goes to it, and it replaces the current one only when
     * the link is followed. Null keeps the current address.
     */
    email: z.string().trim().max(254).pipe(z.email('email must be a valid e-mail address')).nullable(),
    /** International format, e.g. +358401234567, white space as pasted removed here; the server normalises it. */
    phone: identifierField(48).pipe(z.string().max(32)).nullable(),
    preferredLocale: localeId.nullable(),
    contactPreference: contactPreference,
    /** Left out, the channels stay as they are (sites with SETTINGS_MARKETING_CHANNELS_DISABLED never send them). */
    marketingChannels: z.array(marketingChannel).max(MARKETING_CHANNEL_COUNT).optional(),
  })
  .meta({ id: 'UpdateProfileRequest' });
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;
export type UpdateProfileInput = z.input<typeof updateProfileRequest>;

/** GET /api/info: who is acting, for whom, and the re-verification period of spec §4. */
export const actorInfo = z
  .object({
    person: z.object({ name: z.string().nullable() }),
    customer: z.object({ clientCode: z.string(), name: z.string(), type: customerType }).nullable(),
    actingAs: actingAs,
    staffRoles: z.array(staffRole),
    reverificationPeriodSeconds: z.number().int().positive(),
    /**
     * Spec §4 form drafts: the AES key (base64, 256 bits) this session encrypts its drafts with, for the person or
     * the customer they act for. Derived from the session on the server, so a draft outlives neither.
     */
    draftKey: z.string(),
  })
  .meta({ id: 'ActorInfo' });
export type ActorInfo = z.infer<typeof actorInfo>;
