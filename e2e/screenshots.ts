import { test, type Page } from '@playwright/test';

/**
 * Keeps a picture of the page in the journey's output folder for a person to look at, when E2E_SCREENSHOTS=1 (see the
 * README). CI leaves them out: nothing asserts on them, a full page costs most of a second on two cores, and a
 * journey that fails keeps its own picture anyway (playwright.config.ts, `screenshot: 'only-on-failure'`).
 */
export async function keepScreenshot(page: Page, name: string, { fullPage = true } = {}) {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage });
}
