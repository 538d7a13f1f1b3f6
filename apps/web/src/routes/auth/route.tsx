import { createFileRoute, Outlet } from '@tanstack/react-router';
import { LanguageSwitcher } from '../../app/shell/language-switcher.tsx';
import { SiteLogo } from '../../app/shell/site-logo.tsx';
import { AuthLayout } from '../../features/auth/auth-layout.tsx';

/** The authentication pages stand alone, without the header and footer: one card over the sign-in artwork. */
export const Route = createFileRoute('/auth')({
  staticData: { withoutShell: true },
  // The frame is a few lines around the shell's logo and language switcher; splitting it off would pull those
  // (and the i18n and theme code they sit with) out of the entry into a chunk of their own.
  codeSplitGroupings: [],
  component: () => (
    <AuthLayout logo={<SiteLogo height={36} />} languageSwitcher={<LanguageSwitcher />}>
      <Outlet />
    </AuthLayout>
  ),
});
