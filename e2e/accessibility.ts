import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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
