import { expect, type Page, test } from '@playwright/test';

import { callApi, signIn } from './helpers';
import { signInAs } from './vacancy-wizard';

/** Brings the end of the page near, where the similar vacancies are asked for. */
async function scrollToEnd(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
}

test('the demo applicant sees vacancies for the CV on the profile and the home page, each saying why; "not for me" hides one (undo brings it back); a vacancy page ends with similar ones', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/en/login');
  await signIn(page, 'applicant@vakants.test');
  await expect(page).toHaveURL(/\/en\/account\/profile$/);

  // the profile: cards with the reasons they fit
  const forYou = page.getByRole('region', { name: 'Vacancies for you' });
  const cards = forYou.getByRole('article');
  await expect(cards.first()).toBeVisible();
  await expect(cards.first()).toContainText('Fits your CV:');
  const before = await cards.count();
  const first = cards.first();
  const title = (await first.getAttribute('aria-label')) ?? '';
  const link = (await first.getByRole('link', { name: title }).first().getAttribute('href')) ?? '';
  const vacancyId = link.split('/').pop() ?? '';
  expect(vacancyId).toMatch(/^[0-9a-f-]{36}$/);
  const sameCard = forYou.locator(`article:has(a[href$="/${vacancyId}"])`);

  // "not for me": the card leaves the list; undo brings it back
  await first.getByRole('button', { name: 'Not for me' }).click();
  await expect(sameCard).toHaveCount(0);
  await expect(forYou.getByText(`“${title}” will not be offered to you again.`)).toBeVisible();
  await forYou.getByRole('button', { name: 'Undo' }).click();
  await expect(sameCard).toHaveCount(1);
  await expect(cards).toHaveCount(before);

  // hidden for good: gone after a reload too (the server leaves it out)
  await sameCard.getByRole('button', { name: 'Not for me' }).click();
  await expect(sameCard).toHaveCount(0);
  await page.reload();
  await expect(cards.first()).toBeVisible();
  await expect(sameCard).toHaveCount(0);
  expect((await callApi(page, 'DELETE', `/api/user/recommendations/hidden/${vacancyId}`)).status).toBe(204);

  // the home page has the section too, with the way to the rest
  await page.goto('/en');
  const home = page.getByRole('region', { name: 'Vacancies for you' });
  await expect(home.getByRole('article').first()).toContainText('Fits your CV:');
  await expect(home.getByRole('link', { name: 'All vacancies for you' })).toHaveAttribute('href', '/en/account/profile#for-you');

  // the vacancy page ends with up to five similar vacancies, never itself
  await home.getByRole('article').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/en\/vacancies\/[0-9a-f-]{36}$/);
  const here = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await scrollToEnd(page);
  const similar = page.getByRole('region', { name: 'Similar vacancies' });
  await expect(similar.getByRole('article').first()).toBeVisible();
  const count = await similar.getByRole('article').count();
  expect(count).toBeLessThanOrEqual(5);
  await expect(similar.locator(`a[href="${here}"]`)).toHaveCount(0);
});

test('the demo employer opens "From the CV database" on a vacancy\'s candidates and sorts the candidates by best match', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, /Vakants Demo OÜ/);
  const active = await callApi<{ content: { id: string }[] }>(page, 'GET', '/api/employer/vacancies?status=active');
  const vacancyId = active.body.content[0].id;

  await page.goto(`/en/employer/account/my-vacancies/${vacancyId}/candidates`);
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Best match first' }).click();
  await expect(page).toHaveURL(/\?sort=match$/);
  await expect(page.getByRole('status')).toHaveText(/\d+ candidates?/);

  await page.getByRole('tab', { name: 'From the CV database' }).click();
  await expect(page).toHaveURL(/[?&]tab=cv-database/);
  await expect(page.getByRole('status')).toHaveText(/^\d+ CVs? in the CV database fits? this vacancy$/);
  const card = page.getByRole('article').first();
  await expect(card).toContainText('Fits the vacancy:');
  const access = await callApi<{ access: boolean }>(page, 'GET', '/api/employer/cv-base/summary');
  if (access.body.access) {
    await expect(card.getByRole('link', { name: 'Open CV' })).toBeVisible();
  } else {
    // without access: no names, no adding, the way to buy access
    await expect(card.getByRole('button', { name: 'Add to this vacancy' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Buy access to the CV database' }).click();
    await expect(page.getByRole('dialog', { name: 'Buy CV-database access' })).toBeVisible();
  }
});
