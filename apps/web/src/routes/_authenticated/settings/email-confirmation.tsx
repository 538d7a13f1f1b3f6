import { createFileRoute } from '@tanstack/react-router';
import { EmailConfirmationPage } from '../../../features/settings/profile/email-confirmation-page.tsx';

export const Route = createFileRoute('/_authenticated/settings/email-confirmation')({
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token ? { token: search.token } : {},
  component: function EmailConfirmationRoute() {
    return <EmailConfirmationPage token={Route.useSearch().token} />;
  },
});
