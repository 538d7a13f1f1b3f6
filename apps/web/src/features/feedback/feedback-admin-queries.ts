import { queryOptions } from '@tanstack/react-query';
import type { AdminFeedbackForm, FeedbackFormUpdateRequest, FeedbackSubmissions } from '@portal/schema/feedback';
import { api } from '../../shared/api/api-client.ts';
import { useRefreshingMutation } from '../../shared/api/refreshing-mutation.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

const base = (siteId: string) => `/api/admin/site/${encodeURIComponent(siteId)}`;

/** GET /api/admin/site/{siteId}/feedback-form: the site's forms, newest first, with answer count and average. */
export const siteFeedbackFormsQueryOptions = (siteId: string) =>
  queryOptions({
    queryKey: queryKeys.feedback.siteForms(siteId),
    queryFn: ({ signal }) => api<AdminFeedbackForm[]>(`${base(siteId)}/feedback-form`, { signal }),
  });

/** GET /api/admin/site/{siteId}/feedback/{formId}: one form's answers, average and distribution. */
export const feedbackSubmissionsQueryOptions = (siteId: string, formId: string) =>
  queryOptions({
    queryKey: queryKeys.feedback.submissions(siteId, formId),
    queryFn: ({ signal }) => api<FeedbackSubmissions>(`${base(siteId)}/feedback/${encodeURIComponent(formId)}`, { signal }),
  });

export const useAddFeedbackForm = (siteId: string) =>
  useRefreshingMutation(queryKeys.feedback.all, () => api<AdminFeedbackForm>(`${base(siteId)}/feedback-form/add`, { method: 'POST' }));

export const useUpdateFeedbackForm = (siteId: string) =>
  useRefreshingMutation(queryKeys.feedback.all, (update: FeedbackFormUpdateRequest) =>
    api<AdminFeedbackForm>(`${base(siteId)}/feedback-form/update`, { method: 'PATCH', body: update }),
  );

export const useDeleteFeedbackSubmissions = (siteId: string) =>
  useRefreshingMutation(queryKeys.feedback.all, (formId: string) =>
    api<{ deleted: number }>(`${base(siteId)}/feedback-submissions`, { method: 'DELETE', body: { formId } }),
  );
