import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { FeedbackForm } from '@portal/schema/feedback';
import { useSession } from '../../shared/auth/session.ts';
import { useConsentAsked } from '../../shared/consent/consent-state.ts';
import { useCurrentPath } from '../../shared/hooks/use-current-path.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { isFeedbackDue, markFeedbackHandled } from './feedback-handled.ts';
import { feedbackFormQueryOptions } from './feedback-queries.ts';
import { pastFirstVisit, useDidSomething } from './survey-timing.ts';

const FeedbackDialog = lazy(() => import('./feedback-dialog.tsx'));

/** Spec §6: never on sign-in, admin or settings pages; the workspace (/staff) is customer service's own area. */
const EXCLUDED_PATHS = ['/auth', '/admin', '/settings', '/staff'];

const excluded = (path: string) =>
  EXCLUDED_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`));

/**
 * The shell's feedback survey (spec §4, §6): a verified signed-in person on a site with FEEDBACK, outside the
 * excluded pages, sees the dialog when the site's form exists, is neither loading nor refetching, and the
 * feedback-handled cookie is missing or older than the form's refreshedAt. And only when it is time to ask
 * (issue 27, docs/decisions/104): never on a first visit, never while the consent banner is up, and only once the person
 * has done something on this visit; the form is not even asked for before.
 */
export function FeedbackPrompt() {
  const site = useSite();
  const { session } = useSession();
  const path = useCurrentPath();
  const [handledNow, setHandledNow] = useState(false);
  const [returning] = useState(() => site.features.includes('FEEDBACK') && pastFirstVisit());
  const consentAsked = useConsentAsked();
  const didSomething = useDidSomething();
  const timely = returning && !consentAsked && didSomething;
  const eligible = timely && site.features.includes('FEEDBACK') && session?.user.verified === true && !excluded(path);
  const form = useQuery({ ...feedbackFormQueryOptions, enabled: eligible });
  // Opening waits for a settled answer (spec §4); once open, the dialog stays while the send refetches the form.
  const [opened, setOpened] = useState<FeedbackForm | null>(null);
  const due = eligible && !handledNow && !!form.data && !form.isFetching && isFeedbackDue(form.data);
  if (due && opened !== form.data) setOpened(form.data ?? null);
  if (!eligible || handledNow || !opened) return null;
  const handled = () => {
    markFeedbackHandled();
    setHandledNow(true);
  };
  return (
    <Suspense fallback={null}>
      <FeedbackDialog form={opened} onHandled={handled} />
    </Suspense>
  );
}
