import type { Page } from '@playwright/test';
import { expect, test } from './test.ts';

/** Every animation and transition the document is running now, with what runs it (decision 125). */
const running = (page: Page) =>
  page.evaluate(() =>
    document
      .getAnimations()
      .filter((animation) => animation.playState === 'running')
      .map((animation) => {
        const target = (animation.effect as KeyframeEffect | null)?.target;
        return `${animation.constructor.name} on ${target?.className ?? '?'}`;
      }),
  );

test('a device set to reduce motion gets no pulsing placeholders, lifting cards or sliding menus (WCAG 2.3.3, decision 125)', async ({
  page,
  signedIn,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signedIn({ person: 'Aino Virtanen', method: 'OP', path: '/dashboard' });
  const card = page.getByRole('region', { name: 'Quick actions' }).getByRole('link').first();
  await expect(card).toBeVisible();
  await card.hover();
  await expect.poll(() => running(page)).toEqual([]);
  await page.getByRole('button', { name: /Aino Virtanen/ }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  // A transition of 0.01 ms still starts and ends: none may be left running a moment later.
  await expect.poll(() => running(page), { timeout: 1000 }).toEqual([]);

  const lift = () => card.evaluate((element) => getComputedStyle(element).transitionDuration);
  expect(await lift()).toMatch(/^1e-05s(, 1e-05s)*$/);

  // The same page on a device that allows motion keeps its motion: the checks above can fail.
  await page.keyboard.press('Escape');
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await lift()).toMatch(/^0\.15s(, 0\.15s)*$/);
});
