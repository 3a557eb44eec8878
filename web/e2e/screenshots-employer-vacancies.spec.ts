import { expect, test } from '@playwright/test';

import { signIn } from './helpers';

// Pictures to look at, not assertions: run with `SCREENSHOTS=1 scripts/web-e2e.sh screenshots-employer-vacancies`.
// One sign-in serves both widths (a new code for the same account can be asked for once a minute).
// The demo company without a contract has a vacancy in every state, one of them waiting for payment.
/** A modal or a menu fades in; the picture waits until it has. */
const SETTLE_MS = 400;

test.skip(!process.env.SCREENSHOTS, 'screenshots are taken on request');

test('my vacancies at 375 px and 1280 px', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/et/login');
  await signIn(page, 'employer@vakants.test', 'et');
  await page.getByRole('button', { name: /Tartu Näidisehitus AS/ }).click();
  await expect(page).toHaveURL(/my-company$/);

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    const shot = (name: string) => page.screenshot({ path: `e2e/screenshots/${width}-${name}.png`, fullPage: true });
    const rows = width < 500 ? page.getByRole('article') : page.locator('tbody tr');

    await page.goto('/et/employer/account/my-vacancies');
    await expect(rows.first()).toBeVisible();
    await shot('my-vacancies');

    await page.getByRole('button', { name: /^Toimingud: / }).first().click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.waitForTimeout(SETTLE_MS);
    await page.screenshot({ path: `e2e/screenshots/${width}-my-vacancies-menu.png` });
    await page.getByRole('menuitem', { name: 'Määra moderaator' }).click();
    await expect(page.getByRole('dialog', { name: 'Määra moderaator' })).toBeVisible();
    await page.waitForTimeout(SETTLE_MS);
    await page.screenshot({ path: `e2e/screenshots/${width}-my-vacancies-moderator.png` });
    await page.keyboard.press('Escape');

    for (const [tab, name] of [['Ootab makset', 'waiting'], ['Mustandid', 'drafts'], ['Arhiiv', 'archive']]) {
      await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
      // the previous tab's rows stay, dimmed and busy, until the tab's own come (the tab is selected with them)
      await expect(page.getByRole('tab', { name: new RegExp(`^${tab}`) })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel').locator('[aria-busy="true"]')).toHaveCount(0);
      await expect(rows.first()).toBeVisible();
      await shot(`my-vacancies-${name}`);
    }
    await page.getByRole('tab', { name: /^CV andmebaas/ }).click();
    await expect(page.getByRole('tabpanel').getByRole('link', { name: 'Loo kuulutus' })).toBeVisible();
    await shot('my-vacancies-empty');

    await page.goto('/ru/employer/account/my-vacancies');
    await expect(rows.first()).toBeVisible();
    await shot('my-vacancies-ru');
  }
});
