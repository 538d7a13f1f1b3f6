import { expect, type Page } from '@playwright/test';

/**
 * Answers the first visit's consent banner as a person who accepts only the necessary cookies, so it covers nothing a
 * journey about something else looks at; the answer is kept (cc_cookie), so later pages draw no banner.
 */
export async function dropConsentBanner(page: Page) {
  await page.waitForLoadState('domcontentloaded');
  const banner = page.locator('[data-consent-banner]');
  if ((await banner.count()) === 0) return;
  await banner.locator('[data-consent-answer="necessary"]').click();
  await expect(banner).toHaveCount(0);
}
