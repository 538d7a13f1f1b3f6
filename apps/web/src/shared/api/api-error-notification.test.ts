import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { apiErrorNotification, isRetryable } from './api-error-notification.ts';
import { ApiError } from './api-error.ts';

const texts: Record<string, string> = {
  'errors.ValidationError': 'Some of the information sent was not valid',
  'api.something-went-wrong': 'Something went wrong',
  'api.network-error': 'The service cannot be reached',
  'api.error-code-help': 'Please try again, or mention code {code}',
  'api.error-code-contact': 'For help, mention code {code}',
  'api.try-again': 'Please try again in a moment.',
  'errors.codes.EMAIL_IN_USE': 'This e-mail address is already used by another account.',
};
const t = ((key: string, values?: { code?: string }) => texts[key]!.replace('{code}', values?.code ?? '')) as unknown as TFunction;
const exists = (key: string) => key in texts;

describe('the api-error notification (spec §8)', () => {
  it('explains a refusal in the person’s language when its code has a text, not in the server’s English', () => {
    const notification = apiErrorNotification(
      new ApiError(422, {
        name: 'BusinessRuleError',
        message: 'email: this address is already used',
        customerFacing: true,
        code: 'EMAIL_IN_USE',
      }),
      t,
      exists,
    );
    expect(notification.message).toContain('This e-mail address is already used by another account.');
    expect(notification.message).not.toContain('email: this address');
    expect(notification.color).toBe('yellow');
  });

  it('uses the translated error name as title, yellow for 422, closing by itself', () => {
    const notification = apiErrorNotification(new ApiError(422, { name: 'ValidationError' }), t, exists);
    expect(notification).toMatchObject({
      id: 'api-error',
      title: 'Some of the information sent was not valid',
      color: 'yellow',
      autoClose: 4000,
    });
  });

  it('shows a customer-facing business refusal by its name with the server’s explanation, in yellow, without “try again”', () => {
    const notification = apiErrorNotification(
      new ApiError(422, {
        name: 'Postponement refused',
        message: 'It is too late to postpone this invoice.',
        customerFacing: true,
        code: 'POSTPONEMENT_WINDOW_CLOSED',
      }),
      t,
      exists,
    );
    expect(notification).toMatchObject({
      title: 'Postponement refused',
      message: 'It is too late to postpone this invoice. For help, mention code POSTPONEMENT_WINDOW_CLOSED',
      color: 'yellow',
    });
  });

  it('keeps the server’s message to itself when it is not meant for customers', () => {
    const notification = apiErrorNotification(
      new ApiError(403, { name: 'ForbiddenError', message: 'needs role x', code: 'NO_CUSTOMER' }),
      t,
      exists,
    );
    expect(notification).toMatchObject({ title: 'Something went wrong', message: 'For help, mention code NO_CUSTOMER', color: 'red' });
  });

  it('asks to try again only when repeating the call can help', () => {
    expect(apiErrorNotification(new ApiError(503, { name: 'ServiceUnavailable', code: 'DB_DOWN' }), t, exists).message).toBe(
      'Please try again, or mention code DB_DOWN',
    );
    expect(apiErrorNotification(new ApiError(429, { name: 'TooMany' }), t, exists).message).toBe('Please try again in a moment.');
    expect(apiErrorNotification(new ApiError(404, { name: 'Missing' }), t, exists).message).toBe('');
    expect([0, 408, 429, 500, 502].every(isRetryable)).toBe(true);
    expect([400, 401, 403, 404, 409, 422].some(isRetryable)).toBe(false);
  });

  it('falls back to "something went wrong" and stays open for 5xx', () => {
    const notification = apiErrorNotification(new ApiError(503, { name: 'InternalServerError' }), t, exists);
    expect(notification).toMatchObject({ title: 'Something went wrong', color: 'red', autoClose: false });
  });

  it('says the service cannot be reached when the network failed, once', () => {
    const notification = apiErrorNotification(new ApiError(0, { name: 'NetworkError' }), t, exists);
    expect(notification).toMatchObject({ title: 'The service cannot be reached', message: '' });
  });
});
