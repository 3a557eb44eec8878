import { expect, type Page, test } from '@playwright/test';

import { callApi, signIn } from './helpers';
import { signInAs } from './vacancy-wizard';

// Pictures to look at, not assertions: run with `SCREENSHOTS=1 scripts/web-e2e.sh screenshots-for-you`.
// The demo applicant's vacancies for you on the profile and the home page, a vacancy page's similar
// vacancies, and the demo company's CVs from the CV database for one of its vacancies; each at
// 375 px and 1280 px, in full and (at 375 px) from the new section down.
test.skip(!process.env.SCREENSHOTS, 'screenshots are taken on request');

const SETTLE_MS = 400;

async function shoot(page: Page, name: string, section: string): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    await page.waitForTimeout(SETTLE_MS);
    await page.screenshot({ path: `e2e/screenshots/${width}-for-you-${name}.png`, fullPage: true });
    const box = await page.locator(section).first().boundingBox();
    if (width < 500 && box) {
      await page.screenshot({ path: `e2e/screenshots/${width}-for-you-${name}-section.png`, fullPage: true, clip: { x: 0, y: Math.max(0, box.y - 16), width, height: 900 } });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('vacancies for you on the profile and the home page, similar vacancies on a vacancy page', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/en/login');
  await signIn(page, 'applicant@vakants.test');
  await expect(page).toHaveURL(/\/en\/account\/profile$/);
  const forYou = page.getByRole('region', { name: 'Vacancies for you' });
  await expect(forYou.getByRole('article').first()).toBeVisible();
  await shoot(page, 'profile', '#for-you');

  await page.goto('/en');
  await expect(forYou.getByRole('article').first()).toBeVisible();
  await shoot(page, 'home', '#for-you');

  await forYou.getByRole('article').first().getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const similar = page.getByRole('region', { name: 'Similar vacancies' });
  await expect(similar.getByRole('article').first()).toBeVisible();
  await shoot(page, 'similar', 'section:has(h2)');
});

test('the CVs from the CV database for a vacancy of the demo company', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page, /Vakants Demo OÜ/);
  const active = await callApi<{ content: { id: string }[] }>(page, 'GET', '/api/employer/vacancies?status=active');
  await page.goto(`/en/employer/account/my-vacancies/${active.body.content[0].id}/candidates?tab=cv-database`);
  await expect(page.getByRole('article').first()).toBeVisible();
  await shoot(page, 'cv-matches', '[role=tablist]');
});
