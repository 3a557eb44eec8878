import { expect, test } from '@playwright/test';

// Pictures to look at, not assertions: run with `SCREENSHOTS=1 scripts/web-e2e.sh screenshots-salary`.
test.skip(!process.env.SCREENSHOTS, 'screenshots are taken on request');

for (const width of [375, 1280]) {
  test(`salary transparency at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    for (const [language, title, show] of [
      ['en', 'Salaries in this search', 'Show the distribution'],
      ['ru', 'Зарплаты в этом поиске', 'Показать распределение'],
    ]) {
      await page.goto(`/${language}/vacancies`);
      const panel = page.getByRole('region', { name: title });
      await expect(panel).toBeVisible();
      if (width < 500) {
        await panel.screenshot({ path: `e2e/screenshots/${width}-salary-${language}-collapsed.png` });
        await panel.getByRole('button', { name: show }).click();
      }
      await expect(panel.getByRole('list').first()).toBeVisible();
      await panel.screenshot({ path: `e2e/screenshots/${width}-salary-${language}.png` });
    }
    await page.goto('/en/vacancies');
    await expect(page.getByRole('region', { name: 'Salaries in this search' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.screenshot({ path: `e2e/screenshots/${width}-salary-page.png` });
  });
}
