import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { ApiError } from './api-error.ts';

export const API_ERROR_NOTIFICATION_ID = 'api-error';

/**
 * Whether the same call may succeed if sent again: a network failure, a timeout, a rate limit or a server fault.
 * Any other 4xx is an answer about the request itself (refused, not found, not allowed), which repeating cannot change.
 */
export const isRetryable = (status: number) => status === 0 || status === 408 || status === 429 || status >= 500;

/**
 * Spec §8: title, body, colour and lifetime of the one api-error notification. A customer-facing refusal (a
 * business rule, answered 422) carries the server's own explanation; only a retryable failure says to try again.
 */
export function apiErrorNotification(error: unknown, t: TFunction, exists: (key: string) => boolean) {
  const apiError = error instanceof ApiError ? error : new ApiError(500, { name: 'Error' });
  const nameKey = `errors.${apiError.name}`;
  const retryable = isRetryable(apiError.status);
  const title = exists(nameKey)
    ? t(nameKey)
    : apiError.customerFacing
      ? apiError.name
      : apiError.status === 0
        ? t('api.network-error')
        : t('api.something-went-wrong');
  // A refusal's own words in the person's language (errors.codes.<CODE>); the server's English as the fallback.
  const codeKey = `errors.codes.${apiError.code}`;
  const explanation =
    apiError.code && exists(codeKey) ? t(codeKey) : apiError.customerFacing && apiError.body.message ? apiError.body.message : null;
  const help = apiError.code
    ? t(retryable ? 'api.error-code-help' : 'api.error-code-contact', { code: apiError.code })
    : retryable && apiError.status !== 0
      ? t('api.try-again')
      : null;
  return {
    id: API_ERROR_NOTIFICATION_ID,
    title,
    message: [explanation, help].filter(Boolean).join(' '),
    color: apiError.status === 422 ? 'yellow' : 'red',
    // Server faults stay until read; the person may need the code for customer service.
    autoClose: apiError.status >= 500 ? false : 4000,
    withCloseButton: true,
  } as const;
}

export function showApiError(error: unknown, t: TFunction, exists: (key: string) => boolean) {
  const notification = apiErrorNotification(error, t, exists);
  // The same id replaces a showing error rather than stacking copies of it.
  notifications.hide(API_ERROR_NOTIFICATION_ID);
  notifications.show(notification);
}
