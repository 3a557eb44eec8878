import { expect, test } from '@playwright/test';

import { signIn } from './helpers';

test('an administrator lands on the companies list, finds a company, marks its contract, acts as it and comes back', async ({ page }) => {
  await page.goto('/en/login');
  await signIn(page, 'admin@vakants.test');
  await expect(page).toHaveURL(/\/en\/admin\/companies$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
  if (process.env.SCREENSHOTS) {
    // pictures to look at (the journey itself runs at the default size)
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
      await expect(page.getByRole('row').nth(1)).toBeVisible();
      await page.screenshot({ path: `e2e/screenshots/${width}-admin-companies.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 720 });
  }

  await page.getByLabel('Search by name or registry code').fill('vakants demo');
  await expect(page).toHaveURL(/search=vakants\+demo/);
  const row = page.getByRole('row', { name: /Vakants Demo OÜ/ });
  await expect(row).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row.getByRole('cell', { name: 'employer@vakants.test' })).toBeVisible();

  const contract = row.getByRole('switch', { name: 'Company has a contract: Vakants Demo OÜ' });
  await expect(contract).not.toBeChecked();
  await contract.click({ force: true });
  await expect(page.getByText('Contract flag saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('row', { name: /Vakants Demo OÜ/ }).getByRole('switch')).toBeChecked();

  await page.getByRole('row', { name: /Vakants Demo OÜ/ }).getByRole('button', { name: 'Log in as the company' }).click();
  await expect(page).toHaveURL(/\/en\/employer\/account\/my-company$/);
  await page.getByRole('button', { name: 'Return to my account' }).click();
  await expect(page).toHaveURL(/\/en\/admin\/companies\?search=vakants\+demo$/);
  await expect(page.getByRole('row', { name: /Vakants Demo OÜ/ })).toBeVisible();
});
