import { expect, test } from './test.ts';
import { axeFindings } from './accessibility.ts';

// The check every journey leans on must still see what it is for, in the faster mode it runs in (accessibility.ts).
test('the accessibility check finds pale text, an unnamed field and skipped heading levels', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Probe</title></head><body><main>
    <h1>Probe</h1><h4>Skipped two levels</h4>
    <p style="color:#bbb;background:#fff">Pale text on white</p>
    <input type="text">
  </main></body></html>`);
  const findings = await axeFindings(page, { bestPractice: true, alsoBlocking: ['heading-order'] });
  expect(findings.map((finding) => finding.split(':')[0]).sort()).toEqual(['color-contrast', 'heading-order', 'label']);
  expect(await axeFindings(page)).toHaveLength(2);
});
