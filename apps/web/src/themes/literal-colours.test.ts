import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');
const LITERAL_COLOUR = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?)\([^)]*\)/gi;
// A translucent black scrim under a dialog is a shade, not a colour a theme chooses.
const SCRIM = /^rgba\(0,\s*0,\s*0,\s*0?\.\d+\)$/;

/**
 * Colours come from the site's theme (themes/*.ts through mantine-theme.ts's CSS variables), so each stays checked for
 * contrast in both schemes (theme-registry.test.ts) and a site's brand reaches every page. A colour written into a
 * style sheet escapes both: the review found two (the acting banner, an overdue date).
 */
describe('style sheets', () => {
  it('write no colour of their own: they use the theme’s variables', () => {
    const sheets = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((path) => path.endsWith('.css'));
    expect(sheets.length).toBeGreaterThan(20);
    const literals = sheets.flatMap((path) =>
      [...readFileSync(join(SRC, path), 'utf8').matchAll(LITERAL_COLOUR)]
        .map(([colour]) => colour)
        .filter((colour) => !SCRIM.test(colour))
        .map((colour) => `${relative(SRC, join(SRC, path))}: ${colour}`),
    );
    expect(literals).toEqual([]);
  });
});
