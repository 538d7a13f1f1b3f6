import { expect, type BrowserContext, type Page } from '@playwright/test';
import { text } from './texts.ts';

/**
 * The demo sites run the feedback survey; a journey about something else marks it handled so its dialog does not
 * cover the page (spec §4: a feedback-handled time after the form's refreshedAt keeps it closed).
 */
export async function markSurveyHandled(context: BrowserContext, siteOrigin: string) {
  const handled = new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString();
  await context.addCookies([{ name: 'feedback-handled', value: handled, url: siteOrigin }]);
}

/**
 * Signs in through the local e-ID service as a person would: the e-ID button, the demo identity and a
 * method on the service's own page, and back to the portal. With `survey`, the feedback dialog may open after.
 */
export async function signInWithEid(page: Page, locale: string, person: string, method: string, { survey = false } = {}) {
  if (!survey) await markSurveyHandled(page.context(), new URL(page.url()).origin);
  await page.getByRole('button', { name: text(locale, 'auth.signin.provider.eid') }).click();
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  // The service shows one form per country: the person's own holds their methods.
  const form = page.locator('form[action$="/login"]').filter({ hasText: person });
  await form.getByRole('radio', { name: new RegExp(person) }).check();
  await form.getByRole('radio', { name: method }).check();
  await form.locator('button[type="submit"]').click();
}
