import { test as base } from '@playwright/test';
import { createHash } from 'node:crypto';

export { expect } from '@playwright/test';

/**
 * The journeys' `test`: each journey's browser comes from an address of its own, as each customer does. The journey
 * server believes X-Forwarded-For from loopback (TRUST_PROXY in playwright.config.ts), and each journey sends one
 * made from its id and retry, so a fast machine running sixty journeys does not make more than the ten sign-ins a
 * minute decision 101 allows one address. Contexts a journey opens itself (browser.newContext) get it too.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const [a, b, c] = createHash('sha256').update(`${testInfo.testId}/${testInfo.retry}`).digest();
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': `10.${a}.${b}.${(c! % 254) + 1}` });
  },
});
