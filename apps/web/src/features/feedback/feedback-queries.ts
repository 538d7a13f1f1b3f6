import { queryOptions } from '@tanstack/react-query';
import { useRefreshingMutation } from '../../shared/api/refreshing-mutation.ts';
import type { FeedbackForm, FeedbackSendRequest } from '@portal/schema/feedback';
import { api } from '../../shared/api/api-client.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

/** GET /api/feedback/form: the site's active survey, or null when there is none or this person answered it. */
export const feedbackFormQueryOptions = queryOptions({
  queryKey: queryKeys.feedback.form(),
  queryFn: ({ signal }) => api<FeedbackForm | null>('/api/feedback/form', { signal }),
});

/** PUT /api/feedback/send; afterwards the site's cached forms and submissions are read again (spec §7). */
export function useSendFeedback() {
  return useRefreshingMutation(queryKeys.feedback.all, (answer: FeedbackSendRequest) =>
    api<undefined>('/api/feedback/send', { method: 'PUT', body: answer }),
  );
}
