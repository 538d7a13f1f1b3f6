import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { apiErrorNotification } from './api-error-notification.ts';
import { ApiError } from './api-error.ts';

const texts: Record<string, string> = {
  'errors.ValidationError': 'Some of the information sent was not valid',
  'api.something-went-wrong': 'Something went wrong',
  'api.network-error': 'The service cannot be reached',
  'api.error-code-help': 'Mention code {code}',
};
const t = ((key: string, values?: { code?: string }) => texts[key]!.replace('{code}', values?.code ?? '')) as unknown as TFunction;
const exists = (key: string) => key in texts;

describe('the api-error notification (spec §8)', () => {
  it('uses the translated error name as title, yellow for 422, closing by itself', () => {
    const notification = apiErrorNotification(new ApiError(422, { name: 'ValidationError' }), t, exists);
    expect(notification).toMatchObject({ id: 'api-error', title: 'Some of the information sent was not valid', color: 'yellow', autoClose: 4000 });
  });

  it('shows a customer-facing error by its name and the help text with its code', () => {
    const notification = apiErrorNotification(
      new ApiError(409, { name: 'Contract already signed', customerFacing: true, code: 'C-17' }),
      t,
      exists,
    );
    expect(notification).toMatchObject({ title: 'Contract already signed', message: 'Mention code C-17', color: 'red' });
  });

  it('falls back to "something went wrong" and stays open for 5xx', () => {
    const notification = apiErrorNotification(new ApiError(503, { name: 'InternalServerError' }), t, exists);
    expect(notification).toMatchObject({ title: 'Something went wrong', color: 'red', autoClose: false });
  });

  it('says the service cannot be reached when the network failed', () => {
    expect(apiErrorNotification(new ApiError(0, { name: 'NetworkError' }), t, exists).title).toBe('The service cannot be reached');
  });
});
