import { expect, type Page } from '@playwright/test';
import { text } from './texts.ts';

/**
 * Signs in through the local e-ID service as a person would: the e-ID button, the demo identity and a
 * method on the service's own page, and back to the portal.
 */
export async function signInWithEid(page: Page, locale: string, person: string, method: string) {
  await page.getByRole('button', { name: text(locale, 'auth.signin.provider.eid') }).click();
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  await page.getByRole('radio', { name: new RegExp(person) }).check();
  await page.getByRole('radio', { name: method }).check();
  await page.locator('form[action$="/login"] button[type="submit"]').click();
}
