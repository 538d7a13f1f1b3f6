import { afterEach, describe, expect, it } from 'vitest';
import { takeSignOutDestination } from './sign-out-destination.ts';

const setCookie = (value: string) => (document.cookie = `sign-out-url=${encodeURIComponent(value)}; path=/`);

describe('takeSignOutDestination', () => {
  afterEach(() => (document.cookie = 'sign-out-url=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'));

  it('follows an http(s) address or a path on this site, and uses the cookie once', () => {
    setCookie('https://idp.example/logout?state=1');
    expect(takeSignOutDestination()).toBe('https://idp.example/logout?state=1');
    expect(document.cookie).not.toContain('sign-out-url');
    expect(takeSignOutDestination()).toBe('/');
    setCookie('/goodbye');
    expect(takeSignOutDestination()).toBe('/goodbye');
  });

  it.each(['javascript:alert(1)', '//evil.example', 'data:text/html,x'])('goes home instead of %s', (value) => {
    setCookie(value);
    expect(takeSignOutDestination()).toBe('/');
  });
});
