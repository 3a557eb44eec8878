import { expect, test } from '@playwright/test';

import { signIn } from './helpers';

// Pictures to look at, not assertions: run with `SCREENSHOTS=1 scripts/web-e2e.sh screenshots-api-keys`.
// The demo employer supervises Vakants Demo OÜ: the API keys tab with a key, and a new key shown once.
/** A modal fades in; the picture waits until it has. */
const SETTLE_MS = 400;

test.skip(!process.env.SCREENSHOTS, 'screenshots are taken on request');

test('the API keys tab at 375 px and 1280 px', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/en/login');
  await signIn(page, 'employer@vakants.test');
  await page.getByRole('button', { name: /Vakants Demo OÜ/ }).click();
  await expect(page).toHaveURL(/my-company$/);

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    const shot = (name: string) => page.screenshot({ path: `e2e/screenshots/${width}-${name}.png`, fullPage: true });

    await page.goto('/en/employer/account/my-company?tab=api-keys');
    await page.getByRole('button', { name: 'Create an API key' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: /Title/ }).fill(`Personalitarkvara ${width}`);
    await page.waitForTimeout(SETTLE_MS);
    await shot('my-company-api-keys-create');
    await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('dialog', { name: 'Your new API key' })).toBeVisible();
    await page.waitForTimeout(SETTLE_MS);
    await shot('my-company-api-keys-created');
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.waitForTimeout(SETTLE_MS);
    await shot('my-company-api-keys');
  }
});
