import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { keepScreenshot } from './screenshots.ts';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core's violations on the page as it is now, as "rule: help (nodes)" lines: the serious and critical ones, and
 * any rule named in `alsoBlocking`. With `bestPractice`, axe's best-practice rules run beside WCAG 2.1 A and AA.
 *
 * Legacy mode runs axe.run() in the page itself; the default runs it in every frame and then finishes in a new blank
 * page, which costs 1–2 s a call on a two-core machine and tests nothing more here: the portal draws no frames.
 * Only violations come back whole (`resultTypes`): the passes' nodes are never read.
 */
export async function axeFindings(page: Page, { bestPractice = false, alsoBlocking = [] as string[] } = {}): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .withTags(bestPractice ? [...WCAG_21_AA, 'best-practice'] : WCAG_21_AA)
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical' || alsoBlocking.includes(violation.id))
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}

/**
 * No serious or critical axe-core violation on the page as it is now, judged once its transitions have ended: a
 * notification fading out or a dimmed text still fading in has, for a moment, colours it never keeps.
 */
export async function expectAccessible(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  expect(await axeFindings(page)).toEqual([]);
}

/** The widths a page is judged at: a desktop's window and a phone held upright (iPhone 14's 390 × 844). */
const VIEWPORTS = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } } as const;

export type Look = { viewport: keyof typeof VIEWPORTS; scheme: 'light' | 'dark' };

/**
 * The page as it is now, judged by `expectAccessible` in each look a person may give it: on a desktop and on a phone,
 * light and dark as the device asks (the portal follows the device until the person picks a scheme, spec §4). The looks
 * change in place, as when a phone turns or a device turns dark at dusk: four looks cost one page load and four axe
 * checks, not four loads (decision 103). Each look is judged once `ready` holds and no list is loading (a skeleton may
 * stay: a chart below the first screen is drawn when it scrolls into view), and is photographed as
 * `${name}-${viewport}-${scheme}` when E2E_SCREENSHOTS=1.
 *
 * The page must follow the device: a scheme chosen by cookie (color-scheme-override) is painted by the server and kept,
 * and the check that the page turned fails. `schemes: ['light']` for a site without the dark-theme feature. `skip` leaves
 * out looks the journey has already judged. The window and the device's scheme are put back as they were.
 */
export async function expectAccessibleInEveryLook(
  page: Page,
  name: string,
  {
    ready = async () => {},
    schemes = ['light', 'dark'],
    viewports = ['desktop', 'phone'],
    skip = [],
  }: {
    ready?: () => Promise<unknown>;
    schemes?: readonly Look['scheme'][];
    viewports?: readonly Look['viewport'][];
    skip?: readonly Look[];
  } = {},
) {
  const size = page.viewportSize();
  for (const viewport of viewports) {
    await page.setViewportSize(VIEWPORTS[viewport]);
    for (const scheme of schemes) {
      if (skip.some((look) => look.viewport === viewport && look.scheme === scheme)) continue;
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await ready();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
      await expectAccessible(page);
      await keepScreenshot(page, `${name}-${viewport}-${scheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (size) await page.setViewportSize(size);
}
