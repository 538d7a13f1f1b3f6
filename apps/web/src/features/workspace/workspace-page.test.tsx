import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, stubApi } from '../../test/api-stub.ts';
import { buildActorInfo } from '../../test/identity-factories.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { buildSite } from '../../test/test-site.ts';
import { WorkspacePage } from './workspace-page.tsx';

describe('/workspace', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a site administrator the site’s languages and web addresses from the admin calls', async () => {
    const fetchMock = stubApi({
      'GET /api/info': buildActorInfo({ customer: null, staffRoles: ['site-admin'] }),
      'GET /api/admin/site/lumo/locales': [
        { id: 'fi-FI', name: 'Suomi' },
        { id: 'en-GB', name: 'English' },
      ],
      'GET /api/admin/site/lumo/domains': ['lumo.localhost', 'oma.lumo.example'],
    });
    await renderWithProviders(<WorkspacePage />, { path: '/workspace' });
    expect(screen.getByRole('heading', { level: 1, name: 'Workspace' })).toBeInTheDocument();
    const locales = await screen.findByTestId('site-locales');
    expect(
      within(locales)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Suomifi-FI', 'Englishen-GBDefault']);
    expect(
      within(await screen.findByTestId('site-domains'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['lumo.localhost', 'oma.lumo.example']);
    expect(screen.queryByRole('form', { name: /client code/ })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/dashboard/statistics/consumption')).toHaveLength(0);
  });

  it('leads a site administrator to the feedback survey where the site runs it, and nowhere else', async () => {
    stubApi({
      'GET /api/info': buildActorInfo({ customer: null, staffRoles: ['site-admin'] }),
      'GET /api/admin/site/lumo/locales': [],
      'GET /api/admin/site/lumo/domains': [],
    });
    const { unmount } = await renderWithProviders(<WorkspacePage />, { path: '/workspace', site: buildSite({ features: ['FEEDBACK'] }) });
    expect(await screen.findByRole('link', { name: 'Forms and answers of the feedback survey' })).toHaveAttribute(
      'href',
      '/admin/feedback',
    );
    unmount();
    await renderWithProviders(<WorkspacePage />, { path: '/workspace' });
    await screen.findByTestId('site-locales');
    expect(screen.queryByRole('link', { name: 'Forms and answers of the feedback survey' })).not.toBeInTheDocument();
  });

  it('lets customer service start acting for a customer and opens their dashboard', async () => {
    const fetchMock = stubApi({
      'GET /api/info': buildActorInfo({ customer: null, staffRoles: ['customer-service'] }),
      'POST /api/staff/acting-customer': { clientCode: 'LUMO-100002', name: 'Mikko Korhonen' },
    });
    const { router } = await renderWithProviders(<WorkspacePage />, { path: '/workspace' });
    const form = await screen.findByRole('form', { name: 'Act for a customer by client code' });
    await userEvent.type(within(form).getByRole('textbox', { name: /Client code/ }), 'LUMO-100002');
    await userEvent.click(within(form).getByRole('button', { name: 'Act for this customer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(callsTo(fetchMock, 'POST', '/api/staff/acting-customer')[0]!.body).toEqual({ clientCode: 'LUMO-100002' });
    expect(screen.queryByTestId('site-locales')).not.toBeInTheDocument();
  });

  it('tells a person the utility does not know yet that there is no customer account, and calls for none', async () => {
    const fetchMock = stubApi({ 'GET /api/info': buildActorInfo({ customer: null, staffRoles: [] }) });
    await renderWithProviders(<WorkspacePage />, { path: '/workspace' });
    expect(await screen.findByText('No customer account yet')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual(['/api/info']);
  });
});
