import type { Page } from '@playwright/test';

/** Collects what the browser refuses under the page's Content Security Policy, for a journey to assert none. */
export function collectCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}
