import { type Browser, expect, type Page, test } from '@playwright/test';

import { expectNoAxeViolations } from './axe';
import { callApi, choose, signIn } from './helpers';
import { signInAs } from './vacancy-wizard';

// The additional promotion (listed without an amount until an administrator prices it, then bought
// as an extra), BLIK left out of a euro invoice's payment choice, and the applicant's mail
// preference and services — each screen checked with axe-core (WCAG 2.2 A/AA) as its role.

interface AdminProduct {
  code: string;
  priceCents: number;
  isActive: boolean;
  [field: string]: unknown;
}

/** Sets the additional promotion's price and sale flag as an administrator would on the prices screen. */
async function priceThePromotion(browser: Browser, change: { priceCents: number; isActive: boolean }): Promise<void> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await admin.goto('/en/login');
  await signIn(admin, 'admin@vakants.test');
  await expect(admin).toHaveURL(/\/en\/admin\//);
  const page = await callApi<{ content: AdminProduct[] }>(admin, 'GET', '/api/admin/product?size=200');
  const promo = page.body.content.find((product) => product.code === 'ADDITIONAL_PROMO')!;
  const body = {
    code: promo.code,
    labelEt: promo.labelEt,
    labelEn: promo.labelEn,
    labelRu: promo.labelRu,
    descriptionEt: promo.descriptionEt,
    descriptionEn: promo.descriptionEn,
    descriptionRu: promo.descriptionRu,
    vatRateBp: promo.vatRateBp,
    ...change,
  };
  expect((await callApi(admin, 'PUT', '/api/admin/product', body)).status).toBe(200);
  await context.close();
}

const promotionRow = (page: Page) => page.getByRole('row').filter({ hasText: 'Additional promotion' });

test('the additional promotion has no amount until priced, then an employer buys it as an extra and BLIK is not offered for euros', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.goto('/en/prices-and-services');
  await expect(page.getByRole('heading', { level: 1, name: 'Prices and services' })).toBeVisible();
  await expect(promotionRow(page)).toContainText('Price on request');
  await expectNoAxeViolations(page, 'the price page');

  await priceThePromotion(browser, { priceCents: 1500, isActive: true });
  try {
    await page.reload();
    await expect(promotionRow(page)).toContainText('€15');
    await expect(promotionRow(page)).not.toContainText('Price on request');

    await signInAs(page, /Vakants Demo OÜ/);
    await page.goto('/en/employer/account/premium-services');
    await expect(page.getByRole('heading', { level: 3, name: 'Additional promotion' })).toBeVisible();
    await page.getByRole('button', { name: 'Order extras for the vacancy' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy extra services' });
    const promotion = dialog.getByRole('checkbox', { name: /Additional promotion/ });
    await expect(promotion).toBeVisible();
    await promotion.check();
    await expect(dialog.getByText(/^Total €/)).toBeVisible();
    await expectNoAxeViolations(page, 'the extras dialog with the additional promotion');
    await dialog.getByRole('button', { name: 'Order and pay' }).click();
    await expect(dialog.getByText(/^Invoice \d{4}-\d{6} · total €/)).toBeVisible();
    // a euro invoice: every method but BLIK (zloty only)
    await expect(dialog.getByRole('radio', { name: 'By card' })).toBeVisible();
    await expect(dialog.getByRole('radio', { name: 'By bank transfer' })).toBeVisible();
    await expect(dialog.getByRole('radio', { name: /BLIK/ })).toHaveCount(0);
    await expectNoAxeViolations(page, 'the payment choice of a euro invoice');
    await dialog.getByRole('radio', { name: 'By invoice' }).check();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toHaveCount(0);
  } finally {
    // back to the state of the migrations: inactive at 0, for the journeys that read the price page
    await priceThePromotion(browser, { priceCents: 0, isActive: false });
  }
});

test('an applicant turns the newsletter off and on and chooses their language in the profile, and reads their services', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/en/login');
  await signIn(page, 'applicant@vakants.test');
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto('/en/account/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
  const newsletter = page.getByRole('checkbox', { name: 'Send me the Vakants newsletter and tips' });
  await expect(newsletter).toBeChecked();
  await expectNoAxeViolations(page, 'the applicant profile');
  // the demo applicant's profile has no birth date or gender yet, which the profile requires to save
  await page.getByLabel('Date of birth').fill('17/05/1990');
  await choose(page, 'Gender', 'Female');
  // the demo applicant's language (of the interface and the e-mails) is Estonian: kept on English
  const language = page.getByRole('combobox', { name: 'Language' });
  await expect(language).toHaveValue('Eesti keel');
  await choose(page, 'Language', 'English');
  await newsletter.uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  const profile = async () => (await callApi<{ profile: { newsletterOptIn: boolean; language: string } }>(page, 'GET', '/api/open/me')).body.profile;
  await expect.poll(profile).toMatchObject({ newsletterOptIn: false, language: 'en' });
  await expect(page).toHaveURL(/\/en\/account\/profile$/);
  await page.reload();
  await expect(newsletter).not.toBeChecked();
  await expect(language).toHaveValue('English');
  await newsletter.check();
  // back to Estonian: saving it switches the interface too
  await choose(page, 'Language', 'Eesti keel');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/et\/account\/profile$/);
  await expect(page.getByRole('combobox', { name: 'Keel' })).toHaveValue('Eesti keel');
  await expect.poll(profile).toMatchObject({ newsletterOptIn: true, language: 'et' });

  await page.goto('/en/account/my-services');
  await expect(page.getByRole('heading', { level: 1, name: 'My services' })).toBeVisible();
  await expectNoAxeViolations(page, 'the applicant services');
});
