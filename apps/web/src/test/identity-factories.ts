import type { ActorInfo, PortalSession, Profile, Representative } from '@portal/schema/identity';

/** A session as GET /api/auth/session answers it for a strongly verified person. */
export function buildSession(user: Partial<PortalSession['user']> = {}): PortalSession {
  return {
    user: {
      name: 'Maria Virtanen',
      ssn: '010190-123A',
      verifiedAt: new Date().toISOString(),
      clientCode: 'C-1001',
      verified: true,
      ...user,
    },
    userOrRepresentativeCode: 'C-1001',
    features: [],
    expires: '2099-01-01T00:00:00.000Z',
  };
}

export function buildActorInfo(overrides: Partial<ActorInfo> = {}): ActorInfo {
  return {
    person: { name: 'Maria Virtanen' },
    customer: { clientCode: 'C-1001', name: 'Maria Virtanen', type: 'private' },
    actingAs: 'self',
    staffRoles: [],
    reverificationPeriodSeconds: 3600,
    // 32 bytes, as the server derives them.
    draftKey: 'ZHJhZnRzIG9mIHRoaXMgc2Vzc2lvbiBvbmx5ISEhISE=',
    ...overrides,
  };
}

export function buildRepresentative(overrides: Partial<Representative> = {}): Representative {
  return {
    representativeCode: 'R-self',
    clientCode: 'C-1001',
    name: 'Maria Virtanen',
    type: 'private',
    relation: 'self',
    active: true,
    ...overrides,
  };
}

/** GET /api/me: the signed-in person's own details, e-mail and phone on file. */
export function buildProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    name: 'Maria Virtanen',
    ssn: '010190-123A',
    email: 'maria.virtanen@example.fi',
    phone: '+358401234567',
    preferredLocale: null,
    contactPreference: 'email',
    marketingChannels: [],
    pendingEmail: null,
    verifiedAt: new Date().toISOString(),
    ...overrides,
  };
}
