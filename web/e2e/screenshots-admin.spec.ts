import { expect, type Page, test } from '@playwright/test';

import { callApi, signIn } from './helpers';

// Pictures to look at, not assertions: run with `SCREENSHOTS=1 scripts/web-e2e.sh screenshots-admin`.
// A supervisor sees every screen of the back office.
/** A modal slides in; the picture waits until it has. */
const SETTLE_MS = 500;

test.skip(!process.env.SCREENSHOTS, 'screenshots are taken on request');

async function screen(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
}

test('the back office at 375 px and 1280 px', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/en/login');
  await signIn(page, 'supervisor@vakants.test');
  await expect(page).toHaveURL(/\/en\/admin\/companies$/);
  // something for the audit log: the contract flag of a demo company, set and set back
  for (const flag of [true, false]) {
    expect((await callApi(page, 'PATCH', '/api/admin/company/EE/14000009/hasContract', flag)).status).toBe(204);
  }

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    const shot = (name: string, fullPage = true) => page.screenshot({ path: `e2e/screenshots/${width}-admin-${name}.png`, fullPage });
    /** The dialog the first button of `name` opens, pictured and closed again. */
    const dialog = async (name: RegExp, picture: string) => {
      await page.getByRole('button', { name }).first().click();
      await page.waitForTimeout(SETTLE_MS);
      await shot(picture, false);
      await page.keyboard.press('Escape');
    };

    await screen(page, '/en/admin/companies?search=vakants%20demo', 'Companies');
    await page.getByRole('button', { name: 'Prices of Vakants Demo OÜ' }).click();
    await expect(page.getByRole('dialog', { name: 'Prices of Vakants Demo OÜ' }).getByRole('region').first()).toBeVisible();
    await page.waitForTimeout(SETTLE_MS);
    await shot('company-prices', false);
    await page.keyboard.press('Escape');

    await page.goto('/en/admin/companies/EE/14000009');
    await expect(page.getByRole('heading', { level: 1, name: 'Vakants Demo OÜ' })).toBeVisible();
    await expect(page.getByText('company.has_contract').first()).toBeVisible();
    await shot('company');
    await dialog(/^Delete company$/, 'delete-company');

    await screen(page, '/en/admin/employers', 'Employers');
    await shot('employers');
    await page.getByRole('button', { name: /^Audit log of / }).first().click();
    await page.waitForTimeout(SETTLE_MS);
    await shot('person-audit', false);
    await page.keyboard.press('Escape');
    await screen(page, '/en/admin/applicants', 'Applicants');
    await shot('applicants');
    await dialog(/^Delete applicant /, 'delete-applicant');

    await screen(page, '/en/admin/invoices', 'Invoices');
    await shot('invoices');
    await dialog(/^Mark invoice .* paid$/, 'force-payment');
    await dialog(/^Delete invoice /, 'delete-invoice');

    await screen(page, '/en/admin/prices', 'Prices');
    await shot('prices');
    await dialog(/^Edit /, 'product');

    await screen(page, '/en/admin/administrators', 'Administrators');
    await shot('administrators');
    await screen(page, '/en/admin/audit', 'Audit log');
    await shot('audit');

    await page.goto('/en/admin/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
    await shot('profile');

    await screen(page, '/et/admin/invoices', 'Arved');
    await shot('invoices-et');
    await screen(page, '/ru/admin/prices', 'Цены');
    await shot('prices-ru');
  }
});
