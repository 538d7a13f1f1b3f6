import { describe, expect, it } from 'vitest';
import { STATUS_COLOURS } from './status-colours.ts';

/** WCAG 2.1's relative luminance of an sRGB colour written #RRGGBB. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2.1's contrast ratio of white text on the colour. */
const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

describe('the status colours', () => {
  it('works the formula on known pairs: black 21:1, mid grey #767676 4.54:1', () => {
    expect(contrastWithWhite('#000000')).toBeCloseTo(21, 5);
    expect(contrastWithWhite('#767676')).toBeCloseTo(4.54, 2);
  });

  it.each(Object.entries(STATUS_COLOURS))('%s (%s) holds white text at 5.5:1 or more', (_name, hex) => {
    expect(contrastWithWhite(hex)).toBeGreaterThanOrEqual(5.5);
  });
});
