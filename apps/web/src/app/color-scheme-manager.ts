import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { COOKIE, writePreferenceCookie } from '../shared/cookies.ts';

/**
 * Mantine keeps the scheme in local storage by default; the portal keeps it in the cookies of spec §3
 * so the server can paint the right scheme first. A person's choice sets the override cookie.
 */
export function cookieColorSchemeManager(initial: MantineColorScheme, darkThemeEnabled: boolean): MantineColorSchemeManager {
  let current = initial;
  return {
    get: () => (darkThemeEnabled ? current : 'light'),
    set: (value) => {
      if (!darkThemeEnabled) return;
      current = value;
      writePreferenceCookie(COOKIE.colorScheme, value);
      writePreferenceCookie(COOKIE.colorSchemeOverride, 'true');
    },
    subscribe: () => {},
    unsubscribe: () => {},
    clear: () => {},
  };
}
