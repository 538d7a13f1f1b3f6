import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { languageOf, type LocaleId } from '@portal/schema/locale-ids';
import { usePageCsrfToken } from '../../shared/auth/csrf.ts';
import { signInPath } from '../../shared/auth/sign-in.ts';

export type SignInFormParts = {
  /** The form's own post to Auth.js: what the browser sends before the app has the page, or without script. */
  attributes: { method: 'post'; action: string };
  /** The fields Auth.js reads beside the person's own: its CSRF token (as the server's page carried it) and where to go. */
  hiddenFields: ReactNode;
};

/**
 * One way in as a form Auth.js takes as it is (docs/decisions/104): a POST to /api/auth/signin/{provider} with the
 * page's CSRF token and the callback address, which Auth.js answers with a redirect to the e-ID broker. The app, once
 * it has the page, posts the same itself (with a fresh token); a page the app drew itself has no token of the page's,
 * and only the app posts its forms.
 */
export function useSignInForm(providerId: string, callbackUrl: string): SignInFormParts {
  const { i18n } = useTranslation();
  const csrfToken = usePageCsrfToken();
  return {
    attributes: { method: 'post', action: `${signInPath(providerId)}?ui_locales=${languageOf(i18n.language as LocaleId)}` },
    hiddenFields: (
      <>
        {csrfToken !== undefined && <input type="hidden" name="csrfToken" value={csrfToken} />}
        <input type="hidden" name="callbackUrl" value={callbackUrl} />
      </>
    ),
  };
}
