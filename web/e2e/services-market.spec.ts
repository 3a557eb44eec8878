import { expect, test } from '@playwright/test';

import { expectNoAxeViolations } from './axe';
import { signIn } from './helpers';
import { signInAs } from './vacancy-wizard';

test('an employer reads the premium services at its prices, and the courses and outsource market with filters', async ({ page }) => {
  // signing in may wait out the minute between codes of the journey before
  test.setTimeout(150_000);
  await signInAs(page, /Vakants Demo OÜ/);

  // the sidebar leads there (opened by address: a hovered active sidebar item has its own contrast, not this screen's)
  await expect(page.getByRole('link', { name: 'Premium services' }).first()).toHaveAttribute('href', '/en/employer/account/premium-services');
  await page.goto('/en/employer/account/premium-services');
  await expect(page).toHaveURL(/\/en\/employer\/account\/premium-services$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Premium services' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Running now' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'PRO levels' })).toBeVisible();
  await expect(page.getByRole('row', { name: /CV/ }).first()).toBeVisible();
  await expectNoAxeViolations(page, 'premium services');
  await page.getByRole('button', { name: 'Buy CV-database access' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoAxeViolations(page, 'premium services: buying CV-database access');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto('/en/employer/account/courses');
  await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Värbamise alused' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Vana koolitus (peidetud)' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'courses');
  await page.getByRole('combobox', { name: 'Price' }).selectOption('free');
  await expect(page).toHaveURL(/price=free/);
  await expect(page.getByRole('article', { name: 'Värbamise alused' })).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Tööõigus tööandjale (veebiseminar)' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
  await expect(page.getByText('Nothing matches these filters.')).toBeVisible();

  await page.goto('/en/employer/account/outsource?when=anytime');
  await expect(page.getByRole('heading', { level: 1, name: 'Outsource market' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Palgaarvestus väikeettevõttele' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Töötervishoiu kontroll' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'outsource market');
});

test('an administrator adds, hides, shows and deletes a course', async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto('/en/login');
  await signIn(page, 'admin@vakants.test');
  await expect(page).toHaveURL(/\/en\/admin/);
  await page.goto('/en/admin/market');
  await expect(page.getByRole('heading', { level: 1, name: 'Courses and outsourcing' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Vana koolitus (peidetud)' }).getByText('Hidden')).toBeVisible();
  await expectNoAxeViolations(page, 'admin market');

  const title = `Juhtimine ${Date.now()}`;
  await page.getByRole('button', { name: 'Add a course' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a course' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Required').first()).toBeVisible();
  await expectNoAxeViolations(page, 'admin market: the listing dialog with errors');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Provider').fill('Juhtimiskool OÜ');
  await dialog.getByLabel('Link (https://…)').fill('https://juhtimiskool.example');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(card.getByText('Free')).toBeVisible();
  await expect(card.getByText('Any time')).toBeVisible();

  await card.getByRole('button', { name: `Hide ${title}` }).click();
  await expect(card.getByText('Hidden')).toBeVisible();
  await card.getByRole('button', { name: `Show ${title}` }).click();
  await expect(card.getByText('Hidden')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Outsource market' }).click();
  await expect(page).toHaveURL(/kind=OUTSOURCE/);
  await expect(page.getByRole('article', { name: 'Palgaarvestus väikeettevõttele' })).toBeVisible();
  await page.getByRole('tab', { name: 'Courses' }).click();

  await page.getByRole('article', { name: title }).getByRole('button', { name: `Delete ${title}` }).click();
  await page.getByRole('dialog', { name: 'Delete the listing?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('article', { name: title })).toHaveCount(0);
});
