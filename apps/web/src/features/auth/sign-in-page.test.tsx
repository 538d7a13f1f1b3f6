import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { buildSite } from '../../test/test-site.ts';
import { SignInPage } from './sign-in-page.tsx';

const providers = {
  eid: { id: 'eid', name: 'e-ID', type: 'oidc', signinUrl: '/api/auth/signin/eid', callbackUrl: '/api/auth/callback/eid' },
  telecom: {
    id: 'telecom',
    name: 'Telecom',
    type: 'oidc',
    signinUrl: '/api/auth/signin/telecom',
    callbackUrl: '/api/auth/callback/telecom',
  },
  email: { id: 'email', name: 'E-mail', type: 'email', signinUrl: '/api/auth/signin/email', callbackUrl: '/api/auth/callback/email' },
};

const termsSite = buildSite({
  links: [
    { type: 'SIGN_IN_TERMS_AND_CONDITIONS', label: 'x', url: 'https://lumo.example/sign-in-terms', localeId: null },
    { type: 'SIGN_IN_TERMS_AND_CONDITIONS', label: 'x', url: 'https://lumo.example/sv/inloggningsvillkor', localeId: 'sv-FI' },
    { type: 'SIGN_IN_TERMS_AND_CONDITIONS', label: 'x', url: 'https://lumo.example/en/sign-in-terms', localeId: 'en-GB' },
  ],
});

const BROKER_URL = 'https://broker.example/authorize?client_id=lumo';

/** The sign-in post Auth.js received: its address and form fields. */
function signInPost(fetchMock: ReturnType<typeof stubApi>) {
  const [input, init] = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/auth/signin/'))!;
  return {
    url: String(input),
    fields: Object.fromEntries(init!.body as URLSearchParams),
    returnRedirect: (init!.headers as Record<string, string>)['X-Auth-Return-Redirect'],
  };
}

describe('SignInPage (/auth/signin)', () => {
  let assign: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    // The test's DOM loads no page it is sent to; where the page sends the browser is what matters.
    assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers one way in per provider and posts the chosen one with csrf token, callback and language', async () => {
    const fetchMock = stubApi({
      'GET /api/auth/providers': providers,
      'GET /api/auth/csrf': { csrfToken: 'csrf-1' },
      'POST /api/auth/signin/eid': { url: BROKER_URL },
    });
    await renderWithProviders(<SignInPage callbackUrl="/invoices?year=2024" error={undefined} />, { path: '/auth/signin' });

    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    const methods = screen.getByRole('region', { name: 'Sign-in methods' });
    expect(await within(methods).findByRole('button', { name: 'Sign in with e-ID' })).toHaveAccessibleDescription(
      'Bank link, Smart-ID, ID card or Mobile-ID',
    );
    expect(within(methods).getByRole('button', { name: 'Sign in with your mobile operator' })).toBeInTheDocument();
    expect(within(methods).getByRole('textbox', { name: /E-mail address/ })).toBeInTheDocument();
    expect(within(methods).getByRole('button', { name: 'Send me a sign-in link' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the main page' })).toHaveAttribute('href', '/');

    await userEvent.click(screen.getByRole('button', { name: 'Sign in with e-ID' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(BROKER_URL));
    expect(signInPost(fetchMock)).toEqual({
      url: '/api/auth/signin/eid?ui_locales=en',
      fields: { csrfToken: 'csrf-1', callbackUrl: '/invoices?year=2024' },
      returnRedirect: '1',
    });
  });

  it('sends a foreign callback address to the landing by role instead', async () => {
    const fetchMock = stubApi({
      'GET /api/auth/providers': { eid: providers.eid },
      'GET /api/auth/csrf': { csrfToken: 'csrf-2' },
      'POST /api/auth/signin/eid': { url: BROKER_URL },
    });
    await renderWithProviders(<SignInPage callbackUrl="https://evil.example/" error={undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with e-ID' }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(signInPost(fetchMock).fields.callbackUrl).toBe('/landing');
  });

  it('checks the e-mail address before asking Auth.js to send a link', async () => {
    const fetchMock = stubApi({
      'GET /api/auth/providers': { email: providers.email },
      'GET /api/auth/csrf': { csrfToken: 'csrf-3' },
      'POST /api/auth/signin/email': { url: 'http://lumo.localhost/auth/confirm-request?provider=email&type=email' },
    });
    await renderWithProviders(<SignInPage callbackUrl={undefined} error={undefined} />);
    const field = await screen.findByRole('textbox', { name: /E-mail address/ });
    await userEvent.click(screen.getByRole('button', { name: 'Send me a sign-in link' }));
    expect(field).toHaveAccessibleDescription('Enter your e-mail address.');
    await userEvent.type(field, ' maria@');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a sign-in link' }));
    expect(field).toHaveAccessibleDescription('Enter an e-mail address in the form name@example.com.');
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/auth/signin/'))).toBe(false);

    await userEvent.type(field, 'lumo.example ');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a sign-in link' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://lumo.localhost/auth/confirm-request?provider=email&type=email'));
    expect(signInPost(fetchMock)).toMatchObject({
      url: '/api/auth/signin/email?ui_locales=en',
      fields: { csrfToken: 'csrf-3', callbackUrl: '/landing', email: 'maria@lumo.example' },
    });
  });

  it('links the sign-in terms in the reader’s language before the general version, in a new tab', async () => {
    stubApi({ 'GET /api/auth/providers': providers });
    await renderWithProviders(<SignInPage callbackUrl={undefined} error={undefined} />, { site: termsSite });
    const link = screen.getByRole('link', { name: /Read the terms/ });
    expect(link).toHaveAttribute('href', 'https://lumo.example/en/sign-in-terms');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('falls back to the general terms when none are published in the reader’s language', async () => {
    stubApi({ 'GET /api/auth/providers': providers });
    const site = buildSite({ links: termsSite.links.filter((link) => link.localeId !== 'en-GB') });
    await renderWithProviders(<SignInPage callbackUrl={undefined} error={undefined} />, { site });
    expect(screen.getByRole('link', { name: /Read the terms/ })).toHaveAttribute('href', 'https://lumo.example/sign-in-terms');
  });

  it('explains the error value it was sent with', async () => {
    stubApi({ 'GET /api/auth/providers': providers });
    await renderWithProviders(<SignInPage callbackUrl="/dashboard" error="SessionRequired" />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Please sign in');
    expect(alert).toHaveTextContent('The page you opened is only for signed-in customers. Sign in and we will take you back to it.');
  });

  it('explains an unknown error value as a general sign-in failure', async () => {
    stubApi({ 'GET /api/auth/providers': providers });
    await renderWithProviders(<SignInPage callbackUrl={undefined} error="SomethingNew" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Sign-in failed');
  });

  it('with no providers logs a session error and goes to the error page', async () => {
    const fetchMock = stubApi({ 'GET /api/auth/providers': {}, 'POST /api/logs': { id: 'log-1' } });
    const { router } = await renderWithProviders(<SignInPage callbackUrl={undefined} error={undefined} />, { path: '/auth/signin' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/error'));
    expect(router.state.location.search).toEqual({ error: 'NoProviders' });
    expect(callsTo(fetchMock, 'POST', '/api/logs').map((call) => call.body)).toEqual([
      { level: 'error', message: 'Session error: no sign-in providers' },
    ]);
  });
});
