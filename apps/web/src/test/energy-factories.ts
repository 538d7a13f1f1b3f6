import type { UsagePoint } from '@portal/schema/energy';

/** A metering point as GET /api/usage-points/me answers it; tests override what they exercise. */
export function buildUsagePoint(overrides: Partial<UsagePoint> = {}): UsagePoint {
  return {
    id: 'mp-1',
    meteringPointId: 'mp-1',
    gsrn: '643001100000543212',
    utility: 'electricity',
    usagePointKind: 'MicrogenerationSite',
    biddingZone: 'FI',
    resolutionMinutes: 15,
    hasProduction: true,
    meterNumber: 'M-1',
    objectId: 'obj-1',
    address: { street: 'Kuusikallionkuja 7', postalCode: '02210', city: 'Espoo', countryCode: 'FI' },
    ...overrides,
  };
}
