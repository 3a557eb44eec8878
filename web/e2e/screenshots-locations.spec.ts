import { expect, test } from '@playwright/test';

// Pictures to look at, not assertions: run with `SCREENSHOTS=1 scripts/web-e2e.sh screenshots`.
test.skip(!process.env.SCREENSHOTS, 'screenshots are taken on request');

for (const width of [375, 1280]) {
  test(`location pages at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    for (const [path, name] of [['/et/locations/EE', 'location-estonia'], ['/et/locations/0037', 'location-county'], ['/et/categories', 'categories']]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.screenshot({ path: `e2e/screenshots/${width}-${name}.png`, fullPage: true });
    }
  });
}
