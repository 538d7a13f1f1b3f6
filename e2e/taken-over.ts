import type { Page } from '@playwright/test';

/**
 * Waits until React has the page (docs/decisions/088): a server-drawn page shows its buttons before the app's
 * scripts take it over, and a click in that moment does nothing (the support journey once clicked a link then).
 * React marks the root element it renders into; clicks after that are handled or replayed by React.
 */
export async function untilTakenOver(page: Page) {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer$'));
  });
}
