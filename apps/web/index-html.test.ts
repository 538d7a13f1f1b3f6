import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const page = new DOMParser().parseFromString(readFileSync(join(import.meta.dirname, 'index.html'), 'utf8'), 'text/html');

describe('the page every route is served in (index.html)', () => {
  // WCAG 2.1 1.4.4 (Resize text), which the European Accessibility Act requires of these portals: people must be able
  // to zoom. The spec's "no zoom" gives way to the law (docs/decisions/106).
  it('lets people zoom', () => {
    const viewport = page.querySelector('meta[name="viewport"]')?.getAttribute('content') ?? '';
    const settings = Object.fromEntries(viewport.split(',').map((part) => part.trim().split('=') as [string, string]));
    expect(settings).toMatchObject({ width: 'device-width', 'initial-scale': '1' });
    expect(settings['user-scalable']).toBeUndefined();
    expect(settings['maximum-scale']).toBeUndefined();
  });
});
