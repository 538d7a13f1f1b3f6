import { afterEach, describe, expect, it } from 'vitest';
import { cookieColorSchemeManager } from './color-scheme-manager.ts';

const clear = () =>
  ['color-scheme', 'color-scheme-override'].forEach(
    (name) => (document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`),
  );

describe('cookieColorSchemeManager (spec §4)', () => {
  afterEach(clear);

  it('keeps a person’s choice in the scheme cookie and sets the override cookie', () => {
    const manager = cookieColorSchemeManager('auto', true);
    manager.set('dark');
    expect(manager.get('light')).toBe('dark');
    expect(document.cookie).toContain('color-scheme=dark');
    expect(document.cookie).toContain('color-scheme-override=true');
  });

  it('forces light and writes nothing when the site has no dark-theme feature', () => {
    const manager = cookieColorSchemeManager('dark', false);
    expect(manager.get('dark')).toBe('light');
    manager.set('dark');
    expect(document.cookie).not.toContain('color-scheme');
  });
});
