import { type Browser, expect, type Page } from '@playwright/test';

import { callApi, choose, signIn } from './helpers';

/** A word no other vacancy holds, for finding this one in the search (letters only, as the search reads words). */
export function findableWord(): string {
  const letters = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  return `kaneelimeister${letters}`;
}

/** Sets the "Company has a contract" flag the way an administrator does. */
export async function setContract(browser: Browser, registryCode: string, hasContract: boolean): Promise<void> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await admin.goto('/en/login');
  await signIn(admin, 'admin@vakants.test');
  await expect(admin).toHaveURL(/\/en\/admin\/companies$/);
  expect((await callApi(admin, 'PATCH', `/api/admin/company/EE/${registryCode}/hasContract`, hasContract)).status).toBeLessThan(300);
  await context.close();
}

/** Signs the demo employer in for one of its two companies. */
export async function signInAs(page: Page, company: RegExp): Promise<void> {
  await page.goto('/en/login');
  await signIn(page, 'employer@vakants.test');
  await expect(page.getByRole('heading', { name: 'Choose a company' })).toBeVisible();
  await page.getByRole('button', { name: company }).click();
  await expect(page).toHaveURL(/\/en\/employer\/account\/my-company$/);
}

export const heading = (page: Page, name: string) => expect(page.getByRole('heading', { level: 2, name })).toBeVisible();

/** The first step with what publishing needs, and a text holding `word`. */
export async function fillBasicInfo(page: Page, word: string): Promise<void> {
  await heading(page, 'Basic info');
  await page.getByRole('combobox', { name: 'Occupation' }).fill('Cook');
  await page.getByRole('option', { name: 'Cook', exact: true }).click();
  // the occupation's own category comes with it
  await expect(page.getByRole('region', { name: 'The job' }).getByText('Catering and food service', { exact: true })).toBeVisible();
  await choose(page, 'Type of employment', 'Full-time');
  await choose(page, 'Town or municipality', 'Tallinn');
  await page.getByRole('textbox', { name: 'Address' }).fill('Pärnu mnt 10, 10148 Tallinn');
  await page.getByRole('textbox', { name: 'Salary from' }).fill('1400');
  await page.getByRole('textbox', { name: 'Salary to' }).fill('1900');
  await choose(page, 'Salary period', 'per month');
  await page.getByRole('textbox', { name: 'Teaser (Estonian)' }).fill('Kokk meie Kalamaja köögis');
  const text = page.getByRole('textbox', { name: 'Text (Estonian)' });
  await text.click();
  await page.keyboard.type(`Otsime kokka, kes armastab kohalikku toitu. Sinu eriala: ${word}.`);
  await page.getByRole('tab', { name: 'English' }).click();
  await page.getByRole('textbox', { name: 'Teaser (English)' }).fill('A cook for our Kalamaja kitchen');
  await page.getByRole('textbox', { name: 'Text (English)' }).click();
  await page.keyboard.type('We are looking for a cook who loves local food.');
}
