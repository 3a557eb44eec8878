import { expect, type Page, test } from '@playwright/test';

import { expectNoAxeViolations } from './axe';
import { signIn } from './helpers';

// The home page's calls to action as a visitor, an applicant and an administrator (spec 1 section 6):
// where each card leads, which is disabled, and the analytics event of a click; each checked with
// axe-core at 1280 px and 375 px. With SCREENSHOTS=1 it keeps the pictures in e2e/screenshots.

const WIDTHS = [1280, 375];

async function checkAtEachWidth(page: Page, who: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    await expect(page.getByRole('heading', { level: 1, name: 'Find work and workers in Estonia' })).toBeVisible();
    await expectNoAxeViolations(page, `the home page of ${who} at ${width} px`);
    if (process.env.SCREENSHOTS) {
      await page.screenshot({ path: `e2e/screenshots/${width}-home-${who}.png` });
      // the first: the footer has a heading of the same name
      await page.getByRole('heading', { level: 2, name: 'For employers' }).first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: `e2e/screenshots/${width}-home-${who}-cards.png` });
      await page.evaluate(() => window.scrollTo(0, 0));
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function events(page: Page): Promise<unknown[]> {
  return page.evaluate(() => (window.dataLayer ?? []).map((entry) => entry.event));
}

test('a visitor is sent through the sign-in to creating a CV or a vacancy', async ({ page }) => {
  await page.goto('/en');
  await expect(page.getByRole('link', { name: 'Create a CV' })).toHaveAttribute('href', `/en/login?p=${encodeURIComponent('/en/account/create-cv')}`);
  await expect(page.getByRole('link', { name: 'Create a vacancy' })).toHaveAttribute(
    'href',
    `/en/login?p=${encodeURIComponent('/en/employer/account/my-vacancies/create-vacancy')}`,
  );
  await checkAtEachWidth(page, 'visitor');
  await page.getByRole('link', { name: 'Create a CV' }).click();
  await expect(page).toHaveURL(/\/en\/login\?p=/);
  expect(await events(page)).toContain('uus_cv');
});

test('an applicant creates a CV from the home page; the employer card is disabled', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/en/login');
  await signIn(page, 'applicant@vakants.test');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/en');
  const employer = page.getByRole('button', { name: 'Create a vacancy' });
  await expect(employer).toHaveAttribute('aria-disabled', 'true');
  await expect(employer).toHaveAccessibleDescription("Creating a vacancy needs an employer's account.");
  await expect(page.getByRole('link', { name: 'Create a vacancy' })).toHaveCount(0);
  await checkAtEachWidth(page, 'applicant');
  // the disabled button keeps the focus (so its reason is read) and does nothing
  await employer.focus();
  await expect(employer).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/?$/);
  await page.getByRole('link', { name: 'Create a CV' }).click();
  await expect(page).toHaveURL(/\/en\/account\/create-cv$/);
  expect(await events(page)).toEqual(['uus_cv']);
});

test('an administrator, who has neither role, finds both cards disabled', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/en/login');
  await signIn(page, 'admin@vakants.test');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/en');
  for (const name of ['Create a CV', 'Create a vacancy']) {
    await expect(page.getByRole('button', { name })).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByRole('link', { name })).toHaveCount(0);
  }
  await checkAtEachWidth(page, 'admin');
  await page.getByRole('button', { name: 'Create a CV' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/?$/);
  expect(await events(page)).toEqual([]);
});
