import { expect, test } from '@playwright/test';

import { expectNoAxeViolations } from './axe';
import { signIn } from './helpers';

// Pictures to look at, not assertions: run with `SCREENSHOTS=1 scripts/web-e2e.sh screenshots-profile`.
// The demo applicant's profile with its language select, at 375 px and 1280 px. (The home page's
// pictures come from `home.spec.ts` with SCREENSHOTS=1.)
test.skip(!process.env.SCREENSHOTS, 'screenshots are taken on request');

test("the applicant's profile", async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/en/login');
  await signIn(page, 'applicant@vakants.test');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/en/account/profile');
  await expect(page.getByRole('combobox', { name: 'Language' })).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    await expectNoAxeViolations(page, `the applicant profile at ${width} px`);
    await page.screenshot({ path: `e2e/screenshots/${width}-profile-top.png` });
    await page.getByRole('combobox', { name: 'Language' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `e2e/screenshots/${width}-profile-language.png` });
    await page.getByRole('combobox', { name: 'Language' }).click();
    await expect(page.getByRole('option', { name: 'Русский' })).toBeVisible();
    await page.screenshot({ path: `e2e/screenshots/${width}-profile-language-open.png` });
    await page.keyboard.press('Escape');
  }
});
