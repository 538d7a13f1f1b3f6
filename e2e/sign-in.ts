import { expect, type Page } from '@playwright/test';
import { text } from './texts.ts';

/**
 * Signs in through the local e-ID service as a person would: the e-ID button, the demo identity and a
 * method on the service's own page, and back to the portal.
 */
export async function signInWithEid(page: Page, locale: string, person: string, method: string) {
  await page.getByRole('button', { name: text(locale, 'auth.signin.provider.eid') }).click();
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  // The service shows one form per country: the person's own holds their methods.
  const form = page.locator('form[action$="/login"]').filter({ hasText: person });
  await form.getByRole('radio', { name: new RegExp(person) }).check();
  await form.getByRole('radio', { name: method }).check();
  await form.locator('button[type="submit"]').click();
}
