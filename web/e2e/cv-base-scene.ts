import { type Browser, expect, type Page } from '@playwright/test';

import { callApi, createCv, newEmail, pdfWithText, registerApplicant, signIn, signUp } from './helpers';
import { setContract } from './vacancy-wizard';

/**
 * An applicant's CV whose PDF holds `word`, visible in the CV database; waits until the worker has
 * read the PDF's text (what the CV-database search looks in). The applicant registers as `email`.
 */
export async function cvWithPdfWord(page: Page, word: string, title: string, name: [string, string], email = newEmail('cvbase')): Promise<string> {
  await registerApplicant(page, email, name);
  const cvId = await createCv(page, title, name);
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const upload = await page.request.post(`/api/applicant/cv/${cvId}/pdf?name=cv.pdf`, {
    data: pdfWithText(`Forklift driver and ${word} specialist`),
    headers: { 'Content-Type': 'application/pdf', 'X-XSRF-TOKEN': token },
  });
  expect(upload.status()).toBe(201);
  await expect
    .poll(async () => (await (await page.request.get(`/api/user/cv/${cvId}`)).json()).pdf.textStatus, { timeout: 20_000 })
    .toBe('extracted');
  return cvId;
}

/**
 * A company new to Vakants, so one without CV-database access (the demo data gives "Vakants Demo
 * OÜ" a month of it, and the billing journey buys "Tartu Näidisehitus AS" some): a new employer
 * claims a company of the register, an administrator approves the claim and gives the company a
 * contract (so what it orders starts at once). The employer ends signed in for it; answers its name.
 */
export async function companyWithoutAccess(page: Page, browser: Browser): Promise<string> {
  const email = newEmail('cvbase-employer');
  await signUp(page, email, ['Kalju', 'Kaubamees'], '+372 5555 2468');
  await page.getByRole('button', { name: 'I am an employer' }).click();
  const chooser = page.getByRole('combobox', { name: 'Company' });
  await chooser.fill('emajõe');
  await page.getByRole('option').first().click();
  const [, name, registryCode] = /^(.*) \((\d+)\)$/.exec(await chooser.inputValue())!;
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible();

  const context = await browser.newContext();
  const admin = await context.newPage();
  await admin.goto('/en/login');
  await signIn(admin, 'admin@vakants.test');
  await expect(admin).toHaveURL(/\/en\/admin\/companies$/);
  const claims = await callApi<{ id: string; username: string }[]>(admin, 'GET', '/api/admin/company-claims');
  const claim = claims.body.find((waiting) => waiting.username === email);
  expect(claim, `the claim of ${email}`).toBeDefined();
  expect((await callApi(admin, 'POST', `/api/admin/company-claims/${claim!.id}/approve`)).status).toBe(204);
  await context.close();
  await setContract(browser, registryCode!, true);

  await page.context().clearCookies();
  await page.goto('/en/login');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/en\/employer\/account\/my-company$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  return name!;
}
