import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { AUTH_ERROR_CODES } from './auth-errors.ts';
import { AuthErrorPage } from './auth-error-page.tsx';
import enGB from '@portal/locales/web/en-GB.json' with { type: 'json' };

describe('AuthErrorPage (/auth/error)', () => {
  it('explains an unknown value with the Default text and offers trying again and going home', async () => {
    await renderWithProviders(<AuthErrorPage error="TotallyUnknown" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Sign-in failed' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Something unexpected happened while signing in. Please try again. If the problem continues, contact customer service.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try signing in again' })).toHaveAttribute('href', '/auth/signin');
    expect(screen.getByRole('link', { name: 'Back to the main page' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Sign-in failed - My Lumo');
  });

  it('shows the Default text when the error value is missing', async () => {
    await renderWithProviders(<AuthErrorPage error={undefined} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Sign-in failed' })).toBeInTheDocument();
  });

  it('has its own title for a known value', async () => {
    await renderWithProviders(<AuthErrorPage error="Verification" />);
    expect(screen.getByRole('heading', { level: 1, name: 'The sign-in link is no longer valid' })).toBeInTheDocument();
  });

  it('has a title and an explanation for every value it knows', () => {
    const bundle: Record<string, string> = enGB;
    const missing = AUTH_ERROR_CODES.flatMap((code) =>
      [`auth.error.${code}.title`, `auth.error.${code}.description`].filter((key) => !bundle[key]),
    );
    expect(missing).toEqual([]);
  });
});
