import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '../../../features/settings/settings-page.tsx';
import { parseSettingsSearch } from '../../../features/settings/settings-tabs.ts';
import { startQuery } from '../../../shared/api/start-query.ts';
import { profileQueryOptions } from '../../../shared/auth/profile.ts';
import { actorInfoQueryOptions } from '../../../shared/auth/actor-info.ts';

export const Route = createFileRoute('/_authenticated/settings/')({
  validateSearch: parseSettingsSearch,
  loader: async ({ context }) => {
    // Staff acting for a company: a company has no personal profile to load (docs/decisions/046).
    const info = await context.queryClient.ensureQueryData(actorInfoQueryOptions).catch(() => null);
    if (!(info?.actingAs === 'staff' && info.customer?.type === 'legal')) startQuery(context.queryClient, profileQueryOptions);
  },
  component: function SettingsRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return <SettingsPage search={search} onTabChange={(tab) => void navigate({ search: { tab }, replace: true })} />;
  },
});
