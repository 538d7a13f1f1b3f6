import { test, type Locator, type Page } from '@playwright/test';

/**
 * Keeps a picture of the page (or of one part of it, `element`) in the journey's output folder for a person to look at,
 * when E2E_SCREENSHOTS=1 (see the README). CI leaves them out: nothing asserts on them, a full page costs most of a
 * second on two cores, and a journey that fails keeps its own picture anyway (playwright.config.ts,
 * `screenshot: 'only-on-failure'`).
 */
export async function keepScreenshot(
  page: Page,
  name: string,
  { fullPage = true, element }: { fullPage?: boolean; element?: Locator } = {},
) {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  const path = test.info().outputPath(`${name}.png`);
  await (element ? element.screenshot({ path }) : page.screenshot({ path, fullPage }));
}
