import { expect, type Page, test } from '@playwright/test';

import { companyWithoutAccess, cvWithPdfWord } from './cv-base-scene';
import { callApi } from './helpers';
import { findableWord } from './vacancy-wizard';

// Pictures to look at, not assertions: run with `SCREENSHOTS=1 scripts/web-e2e.sh screenshots-cv-base`.
// The CV database of a company new to Vakants, without access, then with a day of access bought
// under its contract: a search with a marked match and the facets, the saved tab, a CV
// opened from the database, the add-to-vacancy dialog, and the filters drawer of small screens.
test.skip(!process.env.SCREENSHOTS, 'screenshots are taken on request');

/** A modal fades in; the picture waits until it has. */
const SETTLE_MS = 400;

async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    await page.waitForTimeout(SETTLE_MS);
    await page.screenshot({ path: `e2e/screenshots/${width}-cv-base-${name}.png`, fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the CV database without access, a search with results and facets, the saved tab, a CV, the add dialog and the filters drawer at 375 px and 1280 px', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const word = findableWord();
  const cvId = await cvWithPdfWord(page, word, 'Laotöötaja ja tõstukijuht', ['Kristiina-Maria', 'Pikknimi-Haruldane']);
  await page.context().clearCookies();

  await companyWithoutAccess(page, browser);
  await page.goto('/en/employer/account/cv-base');
  const buyButton = page.getByRole('button', { name: 'Buy access to the CV database' });
  await expect(buyButton.or(page.getByLabel('Words in the CV'))).toBeVisible();
  if (await buyButton.count()) {
    await expect(page.getByRole('table')).toBeVisible();
    await shoot(page, 'no-access');
    await buyButton.click();
    const buy = page.getByRole('dialog', { name: 'Buy CV-database access' });
    await expect(buy.getByRole('button', { name: 'Order and pay' })).toBeVisible();
    await shoot(page, 'buy-dialog', false);
    await buy.getByRole('textbox', { name: /Number of days/ }).fill('1');
    await buy.getByRole('button', { name: 'Order and pay' }).click();
    await expect(buy.getByText(/^Invoice \d{4}-\d{6} · total €/)).toBeVisible();
    await page.keyboard.press('Escape');
  } else {
    test.info().annotations.push({ type: 'note', description: 'the company already had access: no picture of the no-access view' });
  }

  // a search with a marked match (the rare word, once the index has the CV) and the facets' counts
  await expect(async () => {
    await page.goto(`/en/employer/account/cv-base?search=${word}`);
    await expect(page.getByRole('article', { name: /Laotöötaja/ })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await shoot(page, 'search-one');
  // a broader search: a field with many CVs
  await page.goto('/en/employer/account/cv-base?categoryCode=CATERING');
  await expect(page.getByText(/CVs? found/)).toBeVisible();
  await shoot(page, 'search-field');
  await page.getByRole('complementary', { name: 'Filters' }).getByRole('combobox', { name: 'Location' }).click();
  await expect(page.getByRole('option').first()).toBeVisible();
  await shoot(page, 'facet-open', false);
  await page.keyboard.press('Escape');

  // the saved tab with two CVs
  const hits = await callApi<{ content: { cvId: string }[] }>(page, 'POST', '/api/employer/search-cv', { categoryCode: ['CATERING'] });
  for (const { cvId } of hits.body.content.slice(0, 2)) expect((await callApi(page, 'POST', `/api/employer/favourites-cv/${cvId}`)).status).toBeLessThan(300);
  await page.goto('/en/employer/account/cv-base/saved');
  await expect(page.getByRole('article').first()).toBeVisible();
  await shoot(page, 'saved');

  // a CV opened from the database and the add-to-vacancy dialog
  await page.goto(`/en/employer/account/cv-base/cv/${cvId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Laotöötaja ja tõstukijuht' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Contact details' })).toBeVisible();
  await shoot(page, 'cv');
  await page.getByRole('button', { name: 'Add to vacancy' }).click();
  const add = page.getByRole('dialog', { name: 'Add the CV to a vacancy' });
  await add.getByRole('radio', { name: 'A new CV-database vacancy' }).check();
  await expect(add.getByRole('textbox', { name: /Name of the CV-database vacancy/ })).toBeVisible();
  await shoot(page, 'add-dialog', false);
  await page.keyboard.press('Escape');

  // below the desktop width the filters wait in a drawer; the results come first
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/en/employer/account/cv-base?categoryCode=CATERING');
  await expect(page.getByText(/CVs? found/)).toBeVisible();
  await page.getByRole('button', { name: /^Filters/ }).click();
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
  await page.waitForTimeout(SETTLE_MS);
  await page.screenshot({ path: 'e2e/screenshots/375-cv-base-filters-drawer.png' });
});
