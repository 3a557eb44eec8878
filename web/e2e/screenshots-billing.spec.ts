import { expect, test } from '@playwright/test';

import { signIn } from './helpers';

// Pictures to look at, not assertions: run with `SCREENSHOTS=1 scripts/web-e2e.sh screenshots-billing`.
// The demo company without a contract has a vacancy waiting for payment, so an unpaid invoice.
/** A drawer or a modal slides in; the picture waits until it has. */
const SETTLE_MS = 500;

test.skip(!process.env.SCREENSHOTS, 'screenshots are taken on request');

test('invoices, services and the payment choice at 375 px and 1280 px', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/et/login');
  await signIn(page, 'employer@vakants.test', 'et');
  await page.getByRole('button', { name: /Tartu Näidisehitus AS/ }).click();
  await expect(page).toHaveURL(/my-company$/);

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    const shot = (name: string, fullPage = true) => page.screenshot({ path: `e2e/screenshots/${width}-${name}.png`, fullPage });

    await page.goto('/et/employer/account/my-invoices');
    const first = width < 500 ? page.getByRole('article').first() : page.locator('tbody tr').first();
    await expect(first).toBeVisible();
    await shot('my-invoices');

    // an unpaid invoice: its bank details and the pay button
    await page.getByRole('tab', { name: 'Tasumata' }).click();
    await page.getByRole('button', { name: /^Ava arve / }).first().click();
    await expect(page.getByRole('table', { name: 'Arve read' })).toBeVisible();
    await page.waitForTimeout(SETTLE_MS);
    await shot('my-invoices-detail', false);
    await page.getByRole('button', { name: 'Maksa', exact: true }).last().click();
    const pay = page.getByRole('dialog', { name: 'Arve tasumine' });
    await expect(pay.getByRole('radio').first()).toBeVisible();
    await page.waitForTimeout(SETTLE_MS);
    await shot('payment-choice', false);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');

    await page.goto('/et/employer/account/my-services');
    await expect(page.getByRole('button', { name: 'Osta CV-andmebaasi ligipääs' })).toBeVisible();
    await page.waitForTimeout(SETTLE_MS);
    await shot('my-services');
    await page.getByRole('button', { name: 'Osta CV-andmebaasi ligipääs' }).click();
    await expect(page.getByRole('dialog', { name: 'Osta CV-andmebaasi ligipääs' }).getByRole('button', { name: 'Telli ja maksa' })).toBeVisible();
    await page.waitForTimeout(SETTLE_MS);
    await shot('buy-cv-access', false);
    await page.keyboard.press('Escape');

    await page.goto('/ru/employer/account/my-invoices');
    await expect(width < 500 ? page.getByRole('article').first() : page.locator('tbody tr').first()).toBeVisible();
    await shot('my-invoices-ru');
  }
});
