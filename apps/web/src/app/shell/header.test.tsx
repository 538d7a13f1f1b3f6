import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, stubApi } from '../../test/api-stub.ts';
import { buildActorInfo, buildRepresentative, buildSession } from '../../test/identity-factories.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { buildSite } from '../../test/test-site.ts';
import { DESKTOP, PHONE, setViewport } from '../../test/viewport.ts';
import { Header } from './header.tsx';

const company = buildRepresentative({
  representativeCode: 'R-company',
  clientCode: 'C-2002',
  name: 'Virtanen Sauna Oy',
  type: 'legal',
  relation: 'representative',
  active: false,
});

describe('Header', () => {
  afterEach(() => vi.unstubAllGlobals());

  // A labelled button from the xs breakpoint up and an icon-only one below it, named by its label: CSS shows one.
  it.each([
    { screenOf: 'a desktop', size: DESKTOP, text: 'Sign in' },
    { screenOf: 'a phone', size: PHONE, text: '' },
  ])('offers signing in, back to the current page, when nobody is signed in, on $screenOf', async ({ size, text }) => {
    setViewport(size);
    stubApi({ 'GET /api/auth/session': null });
    await renderWithProviders(<Header />, { path: '/invoices?year=2024' });
    const [signIn, ...more] = await screen.findAllByRole('link', { name: 'Sign in' });
    expect(more).toEqual([]);
    expect(signIn!.textContent).toBe(text);
    const href = new URL(signIn!.getAttribute('href')!, 'http://lumo.localhost');
    expect(href.pathname).toBe('/auth/signin');
    expect(href.searchParams.get('callbackUrl')).toBe('/invoices?year=2024');
    const nav = screen.getAllByRole('navigation', { name: 'Main navigation', hidden: true })[0]!;
    expect(within(nav).queryByRole('link', { name: 'Dashboard', hidden: true })).toBeNull();
    expect(screen.queryByRole('button', { name: /Account menu/, hidden: true })).toBeNull();
  });

  it('links power control only where the site offers a part of it', async () => {
    const answers = { 'GET /api/auth/session': buildSession(), 'GET /api/info': buildActorInfo(), 'GET /api/me/representatives': [] };
    stubApi(answers);
    const offered = await renderWithProviders(<Header />, { path: '/dashboard', site: buildSite({ features: ['LIVE_READINGS'] }) });
    const nav = screen.getAllByRole('navigation', { name: 'Main navigation' })[0]!;
    expect(await within(nav).findByRole('link', { name: 'Power control' })).toHaveAttribute('href', '/power-control');
    offered.unmount();

    stubApi(answers);
    await renderWithProviders(<Header />, { path: '/dashboard', site: buildSite({ features: ['INVOICES'] }) });
    const without = screen.getAllByRole('navigation', { name: 'Main navigation' })[0]!;
    expect(await within(without).findByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(within(without).queryByRole('link', { name: 'Power control' })).toBeNull();
  });

  it('links outages only where the site has the outages feature', async () => {
    const answers = { 'GET /api/auth/session': buildSession(), 'GET /api/info': buildActorInfo(), 'GET /api/me/representatives': [] };
    stubApi(answers);
    const offered = await renderWithProviders(<Header />, { path: '/dashboard', site: buildSite({ features: ['OUTAGES'] }) });
    const nav = screen.getAllByRole('navigation', { name: 'Main navigation' })[0]!;
    expect(await within(nav).findByRole('link', { name: 'Outages' })).toHaveAttribute('href', '/outages');
    offered.unmount();

    stubApi(answers);
    await renderWithProviders(<Header />, { path: '/dashboard', site: buildSite({ features: ['INVOICES'] }) });
    const without = screen.getAllByRole('navigation', { name: 'Main navigation' })[0]!;
    expect(await within(without).findByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(within(without).queryByRole('link', { name: 'Outages' })).toBeNull();
  });

  it('shows the person and customer, and switches the represented customer by posting its code', async () => {
    const fetchMock = stubApi({
      'GET /api/auth/session': buildSession(),
      'GET /api/info': buildActorInfo(),
      'GET /api/me/representatives': [buildRepresentative(), company],
      'POST /api/me/representatives': { representativeCode: 'R-company' },
    });
    await renderWithProviders(<Header />, { path: '/dashboard' });
    const nav = screen.getAllByRole('navigation', { name: 'Main navigation' })[0]!;
    expect(await within(nav).findByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Account menu for Maria Virtanen' }));
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getByText('Customer C-1001 · Maria Virtanen')).toBeInTheDocument());
    const self = await within(menu).findByRole('menuitem', { name: /Maria Virtanen/ });
    expect(self).toHaveAttribute('aria-current', 'true');
    expect(self).toHaveTextContent('(current customer)');
    const other = within(menu).getByRole('menuitem', { name: /Virtanen Sauna Oy/ });
    expect(other).not.toHaveAttribute('aria-current');
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toHaveAttribute('href', '/auth/signout');

    await userEvent.click(other);
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/me/representatives')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', '/api/me/representatives')[0]!.body).toEqual({ representativeCode: 'R-company' });
    // The acting customer changed, so every cached answer is fetched again.
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/info').length).toBeGreaterThan(1));
  });

  it('lists no customers to switch to when the person represents only themself', async () => {
    stubApi({
      'GET /api/auth/session': buildSession(),
      'GET /api/info': buildActorInfo(),
      'GET /api/me/representatives': [buildRepresentative()],
    });
    await renderWithProviders(<Header />);
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu for Maria Virtanen' }));
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getByText('Customer C-1001 · Maria Virtanen')).toBeInTheDocument());
    expect(within(menu).queryByText('Act for')).toBeNull();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Settings', 'Sign out']);
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  });

  it('names the company whose data is shown when the person acts for one', async () => {
    stubApi({
      'GET /api/auth/session': buildSession(),
      'GET /api/info': buildActorInfo({
        actingAs: 'representative',
        customer: { clientCode: 'C-2002', name: 'Virtanen Sauna Oy', type: 'legal' },
      }),
      'GET /api/me/representatives': [buildRepresentative({ active: false }), { ...company, active: true }],
    });
    await renderWithProviders(<Header />);
    const button = await screen.findByRole('button', { name: 'Account menu for Maria Virtanen, acting for Virtanen Sauna Oy' });
    expect(button).toHaveTextContent('Virtanen Sauna Oy');
    await userEvent.click(button);
    expect(await screen.findByText('Acting for Virtanen Sauna Oy (C-2002)')).toBeInTheDocument();
  });

  it('lets customer-service staff act for a client code, then opens the customer’s dashboard', async () => {
    const fetchMock = stubApi({
      'GET /api/auth/session': buildSession({ name: 'Sari Service' }),
      'GET /api/info': buildActorInfo({
        person: { name: 'Sari Service' },
        actingAs: 'staff',
        customer: { clientCode: 'C-3003', name: 'Juha Korhonen', type: 'private' },
        staffRoles: ['customer-service'],
      }),
      'GET /api/me/representatives': [],
      'POST /api/staff/acting-customer': { clientCode: 'C-4004', name: 'Liisa Laine' },
    });
    const { router } = await renderWithProviders(<Header />, { path: '/staff' });
    expect(await screen.findByRole('button', { name: 'Account menu for Sari Service, acting for Juha Korhonen' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Act for a customer' }));
    const code = await screen.findByRole('textbox', { name: /Client code/ });
    await userEvent.click(screen.getByRole('button', { name: 'Act for this customer' }));
    expect(code).toHaveAccessibleDescription("Enter the customer's client code.");
    expect(callsTo(fetchMock, 'POST', '/api/staff/acting-customer')).toHaveLength(0);
    await userEvent.type(code, ' C-4004 ');
    await userEvent.click(screen.getByRole('button', { name: 'Act for this customer' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/staff/acting-customer')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', '/api/staff/acting-customer')[0]!.body).toEqual({ clientCode: 'C-4004' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('links customer service to their workspace, and leaves the bar to the customer’s pages while they act for one', async () => {
    stubApi({
      'GET /api/auth/session': buildSession({ name: 'Sanna Nieminen' }),
      'GET /api/info': buildActorInfo({ person: { name: 'Sanna Nieminen' }, customer: null, staffRoles: ['customer-service'] }),
      'GET /api/me/representatives': [],
    });
    const view = await renderWithProviders(<Header />, { site: buildSite({ features: ['INVOICES'] }) });
    const nav = screen.getAllByRole('navigation', { name: 'Main navigation' })[0]!;
    expect(await within(nav).findByRole('link', { name: 'Customer service' })).toHaveAttribute('href', '/staff');
    view.unmount();
    vi.unstubAllGlobals();
    stubApi({
      'GET /api/auth/session': buildSession({ name: 'Sanna Nieminen' }),
      'GET /api/info': buildActorInfo({ person: { name: 'Sanna Nieminen' }, actingAs: 'staff', staffRoles: ['customer-service'] }),
      'GET /api/me/representatives': [],
    });
    await renderWithProviders(<Header />, { site: buildSite({ features: ['INVOICES'] }) });
    const acting = screen.getAllByRole('navigation', { name: 'Main navigation' })[0]!;
    expect(await within(acting).findByRole('link', { name: 'Invoices' })).toBeInTheDocument();
    expect(within(acting).queryByRole('link', { name: 'Customer service' })).not.toBeInTheDocument();
  });

  it('offers a site administrator, who acts for no customer, the admin area and none of the customer pages or the staff workspace', async () => {
    stubApi({
      'GET /api/auth/session': buildSession({ name: 'Jukka Mäkinen' }),
      'GET /api/info': buildActorInfo({ person: { name: 'Jukka Mäkinen' }, customer: null, staffRoles: ['site-admin'] }),
      'GET /api/me/representatives': [],
    });
    await renderWithProviders(<Header />, { site: buildSite({ features: ['INVOICES'] }) });
    const nav = screen.getAllByRole('navigation', { name: 'Main navigation' })[0]!;
    expect(await screen.findByRole('button', { name: 'Account menu for Jukka Mäkinen' })).toBeInTheDocument();
    const links = await within(nav).findAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([['Administration', '/admin']]);
  });

  it('puts the account, the customers to act for, colour scheme, language and sign-out in the phone menu', async () => {
    const fetchMock = stubApi({
      'GET /api/auth/session': buildSession(),
      'GET /api/info': buildActorInfo(),
      'GET /api/me/representatives': [buildRepresentative(), company],
      'POST /api/me/representatives': { representativeCode: 'R-company' },
    });
    setViewport(PHONE);
    await renderWithProviders(<Header />, { site: buildSite({ features: ['INVOICES', 'DARK_THEME'] }), path: '/dashboard' });
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Lumo Energia Oy' });
    expect(within(drawer).getByText('Customer C-1001 · Maria Virtanen')).toBeInTheDocument();
    const nav = within(drawer).getByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Dashboard', 'Charts', 'Invoices']);
    expect(within(drawer).getByRole('radio', { name: 'Dark' })).toBeInTheDocument();
    expect(within(drawer).getByRole('group', { name: 'Language' })).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/auth/signout');
    await userEvent.click(await within(drawer).findByRole('button', { name: /Virtanen Sauna Oy/ }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/me/representatives')).toHaveLength(1));
  });
});
