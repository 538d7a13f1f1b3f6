import type { Page } from '@playwright/test';

/**
 * Drops the first visit's consent banner, now and whenever the library draws it later: removed only once, it came
 * back a moment after, took the focus (closing an open list) and covered what axe-core checks.
 */
export async function dropConsentBanner(page: Page) {
  // A page whose address has changed may still be parsing its document: no body yet to observe (a flaky journey).
  await page.waitForLoadState('domcontentloaded');
  await page.evaluate(() => {
    const drop = () => document.querySelector('#cc-main')?.remove();
    drop();
    new MutationObserver(drop).observe(document.body, { childList: true });
  });
}
