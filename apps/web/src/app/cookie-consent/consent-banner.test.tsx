import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as CookieConsent from 'vanilla-cookieconsent';
import { afterEach, describe, expect, it } from 'vitest';
import type { SiteBootstrap } from '@portal/schema/site';
import { ConsentStateContext, createConsentState } from '../../shared/consent/consent-state.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { buildSite } from '../../test/test-site.ts';
import { ConsentBanner } from './consent-banner.tsx';
import { startCookieConsent } from './start-cookie-consent.ts';

const english = { locales: [{ id: 'en-GB' as const, name: 'English' }] };

/** The page as the server drew it (consent asked or not), and the library as main.tsx starts it. */
async function openPage(site: SiteBootstrap, asked = true) {
  const state = createConsentState(asked);
  const view = await renderWithProviders(
    <ConsentStateContext value={state}>
      <ConsentBanner />
    </ConsentStateContext>,
    { site },
  );
  state.startWith(() => startCookieConsent(site, view.i18n, () => {}, state.answered));
  return view;
}

describe('the consent banner, drawn with the page (decision 104)', () => {
  afterEach(() => CookieConsent.reset(true));

  it('asks with the site’s own texts and buttons, and goes once the person has answered', async () => {
    await openPage(buildSite({ ...english, gaMeasurementId: 'G-TEST1' }));
    const banner = screen.getByRole('region', { name: 'We use cookies' });
    expect(
      within(banner)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Necessary cookies: to run the portal.', 'Analytics cookies: only with your permission.']);
    await userEvent.click(within(banner).getByRole('button', { name: 'Accept all' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'We use cookies' })).not.toBeInTheDocument());
    expect(CookieConsent.getCookie('categories').sort()).toEqual(['analytics', 'necessary']);
  });

  it('records a refusal as the necessary cookies alone', async () => {
    await openPage(buildSite({ ...english, gaMeasurementId: 'G-TEST1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reject all' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'We use cookies' })).not.toBeInTheDocument());
    expect(CookieConsent.getCookie('categories')).toEqual(['necessary']);
  });

  it('stays until the preferences are saved', async () => {
    await openPage(buildSite({ ...english, gaMeasurementId: 'G-TEST1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Manage preferences' }));
    expect(CookieConsent.validConsent()).toBe(false);
    expect(screen.getByRole('region', { name: 'We use cookies' })).toBeInTheDocument();
  });

  it('promises only necessary cookies on a site without analytics', async () => {
    await openPage(buildSite({ ...english }));
    expect(screen.getByRole('region', { name: 'We use cookies' })).toHaveTextContent('No analytics or advertising cookies.');
  });

  it('is not drawn where this browser has answered', async () => {
    await openPage(buildSite({ ...english }), false);
    expect(screen.queryByRole('region', { name: 'We use cookies' })).not.toBeInTheDocument();
  });
});
