import { expect, type Page, test } from '@playwright/test';

import { signIn } from './helpers';

// Pictures to look at, not assertions: run with `SCREENSHOTS=1 scripts/web-e2e.sh screenshots-my-company`.
// The demo employer supervises Vakants Demo OÜ: general, branding, staff (and its dialog) and
// working-hours tabs, the header's company picker (the employer supervises two companies), and the
// API keys tab with a key, and a new key shown once.
/** A modal fades in; the picture waits until it has. */
const SETTLE_MS = 400;

test.skip(!process.env.SCREENSHOTS, 'screenshots are taken on request');

/** The demo employer, signed in and acting for Vakants Demo OÜ, on its my-company page. */
async function openDemoCompany(page: Page) {
  await page.goto('/en/login');
  await signIn(page, 'employer@vakants.test');
  await page.getByRole('button', { name: /Vakants Demo OÜ/ }).click();
  await expect(page).toHaveURL(/my-company$/);
}

test('my-company tabs at 375 px and 1280 px', async ({ page }) => {
  test.setTimeout(120_000);
  await openDemoCompany(page);

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    const shot = (name: string) => page.screenshot({ path: `e2e/screenshots/${width}-${name}.png`, fullPage: true });

    await page.goto('/en/employer/account/my-company');
    await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toBeVisible();
    await shot('my-company-general');

    await page.goto('/en/employer/account/my-company?tab=branding');
    await expect(page.getByRole('region', { name: 'Preview of the public page' })).toBeVisible();
    await shot('my-company-branding');

    await page.getByRole('button', { name: 'Company: Vakants Demo OÜ' }).click();
    await expect(page.getByRole('menuitem', { name: 'Tartu Näidisehitus AS' })).toBeVisible();
    await page.waitForTimeout(SETTLE_MS);
    await page.screenshot({ path: `e2e/screenshots/${width}-company-switcher.png` });
    await page.keyboard.press('Escape');

    await page.goto('/en/employer/account/my-company?tab=staff');
    await expect(page.getByRole('article').first()).toBeVisible();
    await shot('my-company-staff');
    await page.getByRole('button', { name: 'Add a staff member' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.waitForTimeout(SETTLE_MS);
    await shot('my-company-staff-dialog');
    await page.keyboard.press('Escape');

    await page.goto('/en/employer/account/my-company?tab=hours');
    await expect(page.getByRole('region', { name: "The company's hours per weekday" })).toBeVisible();
    await shot('my-company-hours');
  }
});

test('the API keys tab at 375 px and 1280 px', async ({ page }) => {
  test.setTimeout(120_000);
  await openDemoCompany(page);

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
