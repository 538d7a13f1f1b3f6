import { expect, type Page } from '@playwright/test';

/** True once the app has the page: React has taken the root the server drew (decision 104). */
export const takenOver = (page: Page) =>
  page.evaluate(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer$'));
  });

/**
 * Waits until the app has the page. A journey about what the app does after a click (a route's code loading, the error
 * screen) waits for it: before it, a server-drawn link navigates as plain HTML, which is another journey's subject.
 */
export async function waitForTakeOver(page: Page) {
  await expect.poll(() => takenOver(page), { timeout: 30_000 }).toBe(true);
}
