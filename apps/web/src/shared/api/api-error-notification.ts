import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { ApiError } from './api-error.ts';

export const API_ERROR_NOTIFICATION_ID = 'api-error';

/** Spec §8: title, body, colour and lifetime of the one api-error notification. */
export function apiErrorNotification(error: unknown, t: TFunction, exists: (key: string) => boolean) {
  const apiError = error instanceof ApiError ? error : new ApiError(500, { name: 'Error' });
  const nameKey = `errors.${apiError.name}`;
  const title = exists(nameKey)
    ? t(nameKey)
    : apiError.customerFacing
      ? apiError.name
      : apiError.status === 0
        ? t('api.network-error')
        : t('api.something-went-wrong');
  const message = apiError.code ? t('api.error-code-help', { code: apiError.code }) : undefined;
  return {
    id: API_ERROR_NOTIFICATION_ID,
    title,
    message: message ?? '',
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
