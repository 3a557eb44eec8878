import { expect, test } from '@playwright/test';

import { companyWithoutAccess, cvWithPdfWord } from './cv-base-scene';
import { callApi, newEmail, signIn } from './helpers';
import { findableWord } from './vacancy-wizard';

test('a company without access sees only counts, buys access, finds a CV by a word of its PDF, saves it, opens it (the applicant sees who viewed) and adds it to a vacancy', async ({ page, browser }) => {
  test.setTimeout(180_000);
  // the applicant: a CV in the database whose PDF alone holds the word
  const word = findableWord();
  const applicantEmail = newEmail('cvbase');
  const cvId = await cvWithPdfWord(page, word, 'Warehouse worker', ['Helju', 'Haruldane'], applicantEmail);
  await page.context().clearCookies();

  // the company, without access yet, sees what the database holds: counts, never names
  const company = await companyWithoutAccess(page, browser);
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

  // opened from the result: what the owner made visible, the PDF, and the view counted
  const counted = page.waitForResponse((response) => response.url().endsWith('/api/open/metrics/cv') && response.request().method() === 'PATCH');
  await card.getByRole('link', { name: 'Open CV' }).click();
  await expect(page).toHaveURL(new RegExp(`/en/employer/account/cv-base/cv/${cvId}$`));
  expect((await counted).status()).toBe(204);
  await expect(page.getByRole('heading', { level: 1, name: 'Warehouse worker' })).toBeVisible();
  await expect(page.getByText('Helju Haruldane')).toBeVisible();
  await expect(page.getByRole('link', { name: /^CV file: / })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Actions' }).getByText('Saved')).toBeVisible();

  // added to a new CV-database vacancy; adding it again names the vacancy
  const vacancyName = `Warehouse ${word}`;
  await page.getByRole('button', { name: 'Add to vacancy' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add the CV to a vacancy' });
  await dialog.getByRole('radio', { name: 'A new CV-database vacancy' }).check();
  await dialog.getByRole('textbox', { name: /Name of the CV-database vacancy/ }).fill(vacancyName);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText(`The CV is added to ${vacancyName}.`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Add to vacancy' }).click();
  dialog = page.getByRole('dialog', { name: 'Add the CV to a vacancy' });
  await dialog.getByRole('radio', { name: `${vacancyName} · CV database` }).check();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(`This user has already been added to ${vacancyName}`);
  await page.keyboard.press('Escape');

  // the applicant sees the company among those that viewed the CV
  const context = await browser.newContext();
  const applicant = await context.newPage();
  await applicant.goto('/en/login');
  await signIn(applicant, applicantEmail);
  await expect(applicant).toHaveURL(/\/en\/account\/profile$/);
  await applicant.goto('/en/account/my-cv');
  const viewed = applicant.getByRole('region', { name: 'Companies that viewed this CV' });
  await expect(viewed).toContainText(`${company} — last on `);
  await expect(viewed).toContainText(/ — last on \d{2}\.\d{2}\.\d{4}, \d+ times?/);
  await context.close();
});
