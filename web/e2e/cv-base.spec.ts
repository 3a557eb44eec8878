import { expect, test } from '@playwright/test';

import { cvWithPdfWord } from './cv-base-scene';
import { callApi } from './helpers';
import { findableWord, setContract, signInAs } from './vacancy-wizard';

test('a company without access sees only counts, buys access, finds a CV by a word of its PDF with the match marked and saves it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // the applicant: a CV in the database whose PDF alone holds the word
  const word = findableWord();
  const cvId = await cvWithPdfWord(page, word, 'Warehouse worker', ['Helju', 'Haruldane']);
  await page.context().clearCookies();

  // the company, without access yet, sees what the database holds: counts, never names
  await setContract(browser, '14000009', true);
  await signInAs(page, /Vakants Demo OÜ/);
  await page.getByRole('link', { name: 'CV database' }).first().click();
  await expect(page).toHaveURL(/\/en\/employer\/account\/cv-base$/);
  await expect(page.getByText(/^\d+ CVs? in the database$/)).toBeVisible();
  await expect(page.getByRole('table')).toContainText('Catering and food service');
  await expect(page.getByLabel('Words in the CV')).toHaveCount(0);
  const closed = await callApi<{ code: string }>(page, 'POST', '/api/employer/search-cv', { search: word });
  expect(closed.status).toBe(403);

  // it buys a day of access from the screen; with its contract the access starts at once and is
  // invoiced, so closing the dialog opens the search
  await page.getByRole('button', { name: 'Buy access to the CV database' }).click();
  const buy = page.getByRole('dialog', { name: 'Buy CV-database access' });
  const byDay = buy.getByRole('radio', { name: /^Days of access/ });
  if (await byDay.count()) await byDay.check();
  await buy.getByRole('textbox', { name: /Number of days/ }).fill('1');
  await buy.getByRole('button', { name: 'Order and pay' }).click();
  await expect(buy.getByText(/^Invoice \d{4}-\d{6} · total €/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(buy).toHaveCount(0);
  await expect(page.getByText('Please select at least one search criteria')).toBeVisible();
  await page.getByLabel('Words in the CV').fill(word);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`\\?search=${word}$`));
  const card = page.getByRole('article', { name: 'Warehouse worker, Helju Haruldane' });
  // the index follows the database shortly after the PDF is read
  await expect(async () => {
    await page.reload();
    await expect(card).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByText('1 CV found')).toBeVisible();
  await expect(card.locator('mark')).toHaveText(word, { ignoreCase: true });
  await expect(card.getByText(/Forklift driver and/)).toBeVisible();
  // the field facet counts the hit, and narrowing to it keeps it
  const filters = page.getByRole('complementary', { name: 'Filters' });
  await filters.getByRole('combobox', { name: 'Field' }).click();
  await page.getByRole('option', { name: /^Catering and food service\s*1$/ }).click();
  await expect(page).toHaveURL(new RegExp(`\\?search=${word}&categoryCode=CATERING$`));
  await page.keyboard.press('Escape');
  await expect(card).toBeVisible();

  // saved from the result, then found on the saved tab
  await card.getByRole('button', { name: 'Save CV' }).click();
  await expect(card.getByText('Saved')).toBeVisible();
  await page.getByRole('tab', { name: 'Saved CVs' }).click();
  await expect(page).toHaveURL(/\/en\/employer\/account\/cv-base\/saved$/);
  await expect(page.getByRole('article', { name: 'Warehouse worker, Helju Haruldane' })).toBeVisible();
  const saved = await callApi<{ cvId: string }[]>(page, 'GET', '/api/employer/favourites-cv');
  expect(saved.body.map((cv) => cv.cvId)).toContain(cvId);
  // back to the search: the search is where it was
  await page.goBack();
  await expect(card).toBeVisible();
});
