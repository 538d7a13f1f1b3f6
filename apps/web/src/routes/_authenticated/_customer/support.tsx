import { createFileRoute, notFound } from '@tanstack/react-router';
import { getI18n } from 'react-i18next';
import { pageOffered } from '@portal/schema/pages';
import { SupportPage } from '../../../features/support/support-page.tsx';
import { subtypesQueryOptions, ticketsQueryOptions } from '../../../features/support/support-queries.ts';
import { startQuery } from '../../../shared/api/start-query.ts';
import { actorInfoQueryOptions } from '../../../shared/auth/actor-info.ts';
import { profileQueryOptions } from '../../../shared/auth/profile.ts';

export const Route = createFileRoute('/_authenticated/_customer/support')({
  beforeLoad: ({ context }) => {
    if (!pageOffered('/support', context.site.features)) throw notFound();
  },
  // The page's queries are keyed by the language it shows in.
  loader: ({ context }) => {
    const locale = getI18n().language;
    startQuery(context.queryClient, ticketsQueryOptions(locale));
    startQuery(context.queryClient, subtypesQueryOptions(locale));
    // The form starts from the e-mail and phone on file; a company that staff act for has no personal profile.
    void context.queryClient
      .ensureQueryData(actorInfoQueryOptions)
      .then((info) => {
        if (!(info.actingAs === 'staff' && info.customer?.type === 'legal')) startQuery(context.queryClient, profileQueryOptions);
      })
      .catch(() => undefined);
  },
  component: SupportPage,
});
