import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, stubApi } from '../../test/api-stub.ts';
import { buildActorInfo, buildSession } from '../../test/identity-factories.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { buildSite } from '../../test/test-site.ts';
import { AnnouncementBanners } from './announcement-banners.tsx';

const site = buildSite({ features: ['PORTAL_ANNOUNCEMENTS'] });
const ANNOUNCEMENTS = [
  {
    id: 'a-storm',
    severity: 'critical',
    locale: 'en-GB',
    title: 'Storm warning',
    body: '<p>Outages are likely tonight. <a href="https://lumo.example/storm" target="_blank" rel="noopener noreferrer">Follow the map</a></p>',
    validFrom: '2026-11-27T22:00:00.000Z',
    validUntil: '2026-11-29T22:00:00.000Z',
  },
  {
    id: 'a-app',
    severity: 'info',
    locale: 'en-GB',
    title: 'New mobile app',
    body: '<p>Download it from your app store.</p>',
    validFrom: '2026-11-01T22:00:00.000Z',
    validUntil: '2026-12-31T22:00:00.000Z',
  },
];

const stub = () =>
  stubApi({
    'GET /api/auth/session': buildSession(),
    'GET /api/info': buildActorInfo(),
    'GET /api/announcements/C-1001': ANNOUNCEMENTS,
  });

describe('announcement banners', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it("shows the acting customer's announcements with their severity in words, and remembers a dismissal", async () => {
    const fetchMock = stub();
    const first = await renderWithProviders(<AnnouncementBanners pathname="/dashboard" />, { site, path: '/dashboard' });
    const region = await screen.findByRole('region', { name: 'Announcements' });
    const storm = within(region).getByRole('alert');
    expect(storm).toHaveTextContent('Critical: Storm warning');
    expect(storm).toHaveTextContent('Outages are likely tonight.');
    expect(within(storm).getByRole('link', { name: 'Follow the map' })).toHaveAttribute('href', 'https://lumo.example/storm');
    expect(within(region).getByRole('status')).toHaveTextContent('Information: New mobile app');
    expect(callsTo(fetchMock, 'GET', '/api/announcements/C-1001')[0]!.url).toContain('locale=en-GB');

    await userEvent.click(within(region).getByRole('button', { name: 'Dismiss announcement: Storm warning' }));
    await waitFor(() => expect(screen.queryByText('Storm warning')).not.toBeInTheDocument());
    expect(screen.getByText('New mobile app')).toBeInTheDocument();
    // The keyboard focus moves on to the next banner's close button instead of being lost with the closed one.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Dismiss announcement: New mobile app' })).toHaveFocus());
    first.unmount();

    // Another page load in this browser: the dismissed one stays away, the other is still there.
    await renderWithProviders(<AnnouncementBanners pathname="/invoices" />, { site, path: '/invoices' });
    expect(await screen.findByText('New mobile app')).toBeInTheDocument();
    expect(screen.queryByText('Storm warning')).not.toBeInTheDocument();
  });

  it('stays away from pages the feature does not cover and from sites without it, without asking the server', async () => {
    const fetchMock = stub();
    const settings = await renderWithProviders(<AnnouncementBanners pathname="/settings" />, { site, path: '/settings' });
    settings.unmount();
    await renderWithProviders(<AnnouncementBanners pathname="/dashboard" />, { site: buildSite(), path: '/dashboard' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Announcements' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/announcements/C-1001')).toHaveLength(0);
  });
});
