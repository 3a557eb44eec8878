import { expect, test } from '@playwright/test';

import { codeFor, newEmail, signIn, signUp } from './helpers';

test('a new applicant signs up and lands on the profile page', async ({ page }) => {
  const email = newEmail('applicant');
  await page.goto('/et/login');
  await expect(page.getByRole('heading', { name: 'Sisene või registreeru' })).toBeVisible();

  await page.getByLabel('E-post').fill(email);
  await page.getByRole('button', { name: 'Jätka' }).click();
  await page.getByRole('button', { name: 'Loo konto' }).click();
  await expect(page.getByRole('alert')).toHaveText('Registreerimine ilma kasutustingimustega nõustumata ei ole võimalik');
  await page.getByLabel('Nõustun kasutustingimustega').check();
  await page.getByLabel('Nõustun oma isikuandmete töötlemisega').check();
  await page.getByLabel('Nõustun küpsiste kasutamisega').check();
  await page.getByRole('button', { name: 'Loo konto' }).click();

  await expect(page.getByRole('heading', { name: 'Sisesta kood' })).toBeVisible();
  await page.getByLabel('Kood').fill('000000');
  await page.getByRole('button', { name: 'Jätka' }).click();
  await expect(page.getByText('Vale kinnituskood')).toBeVisible();
  await page.getByLabel('Kood').fill(await codeFor(page, email));
  await expect(page.getByText('Vale kinnituskood')).toBeHidden();
  await page.getByRole('button', { name: 'Jätka' }).click();

  await expect(page.getByRole('heading', { name: 'Sinu andmed' })).toBeVisible();
  await expect(page.getByLabel('Telefon')).toHaveValue('+372');
  await page.getByLabel('Eesnimi').fill('Mari');
  await page.getByLabel('Perekonnanimi').fill('Maasikas');
  await page.getByRole('button', { name: 'Jätka' }).click();
  await expect(page.getByText('Kohustuslik')).toBeVisible();
  await page.getByLabel('Telefon').fill('+37251234567');
  await page.getByRole('button', { name: 'Jätka' }).click();

  await expect(page.getByRole('heading', { name: 'Kuidas soovid Vakantsit kasutada?' })).toBeVisible();
  await page.getByRole('button', { name: 'Otsin tööd' }).click();

  await expect(page).toHaveURL(/\/et\/account\/profile$/);
  await expect(page.getByRole('heading', { name: 'Minu profiil' })).toBeVisible();
  await expect(page.getByLabel('Eesnimi')).toHaveValue('Mari');
  const events = await page.evaluate(() => (window.dataLayer ?? []).map((entry) => entry.event));
  expect(events).toEqual(expect.arrayContaining(['user_email', 'register_button', 'verification_code', 'log_in', 'new_b2c']));
  await page.getByRole('button', { name: 'Salvesta' }).click();
  await expect(page.getByText('Kohustuslik')).toHaveCount(2);
  await page.getByRole('combobox', { name: 'Sugu' }).click();
  await page.getByRole('option', { name: 'Naine' }).click();
  await page.getByLabel('Sünniaeg').fill('17/05/1990');
  await page.getByRole('button', { name: 'Salvesta' }).click();
  await expect(page.getByText('Profiil on salvestatud.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Sünniaeg')).toHaveValue('17/05/1990');
});

test('a new employer registers a company and lands on the company page', async ({ page }) => {
  // an address at the company's website domain in the register (demo data): accepted at once
  const email = newEmail('employer', 'sininetarkvara.ee');
  await signUp(page, email, ['Jaan', 'Tamm'], '+372 5555 1234');
  await page.getByRole('button', { name: 'I am an employer' }).click();

  await expect(page.getByRole('heading', { name: 'Your company' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Choose your company from the list')).toBeVisible();
  const company = page.getByRole('combobox', { name: 'Company' });
  await company.fill('  SININETARK');
  await page.getByRole('option', { name: /Sininetarkvara OÜ/ }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/en\/employer\/account\/my-company$/);
  await expect(page.getByRole('heading', { name: 'Sininetarkvara OÜ' })).toBeVisible();
});

test('a claim the register does not confirm waits until an administrator approves it', async ({ page, browser }) => {
  const email = newEmail('claimant');
  await signUp(page, email, ['Kaja', 'Kuusk'], '+372 5555 4321');
  await page.getByRole('button', { name: 'I am an employer' }).click();
  const company = page.getByRole('combobox', { name: 'Company' });
  await company.fill('toompea');
  await page.getByRole('option').first().click();
  const name = (await company.inputValue()).replace(/ \(\d+\)$/, '');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible();
  await expect(page.getByText(`Your request to represent ${name} is waiting for approval.`)).toBeVisible();
  await page.getByRole('button', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/en\/$/);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto('/en/login');
  await signIn(admin, 'admin@vakants.test');
  await expect(admin).toHaveURL(/\/en\/admin\/companies$/);
  const claims = admin.getByRole('table', { name: 'Claims waiting for a decision' });
  await claims.getByRole('button', { name: `Approve: ${name}, ${email}` }).click();
  // on a busy machine (CI beside other builds) the approval can take longer than 7 s to answer
  await expect(admin.getByText('Claim approved')).toBeVisible({ timeout: 20_000 });
  await expect(claims.getByRole('row', { name: new RegExp(email) })).toHaveCount(0);
  await adminContext.close();

  await page.context().clearCookies();
  await page.goto('/en/login');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/en\/employer\/account\/my-company$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
});

test('an employer with two companies picks one', async ({ page }) => {
  await page.goto('/en/login');
  await signIn(page, 'employer@vakants.test');
  await expect(page.getByRole('heading', { name: 'Choose a company' })).toBeVisible();
  await page.getByRole('button', { name: /Tartu Näidisehitus AS/ }).click();

  await expect(page).toHaveURL(/\/en\/employer\/account\/my-company$/);
  await expect(page.getByRole('heading', { name: 'Tartu Näidisehitus AS' })).toBeVisible();
  await expect(page.getByText('Current')).toBeVisible();
});

test('a visitor is sent to sign in and back; an applicant gets /403 on employer pages; logout asks first', async ({ page }) => {
  await page.goto('/en/account/my-cv');
  await expect(page).toHaveURL(/\/en\/login\?p=%2Fen%2Faccount%2Fmy-cv$/);
  await signIn(page, 'applicant@vakants.test');
  await expect(page).toHaveURL(/\/en\/account\/my-cv$/);

  await page.goto('/en/employer/account/my-company');
  await expect(page).toHaveURL(/\/en\/403$/);
  await expect(page.getByRole('heading', { name: 'Access denied.' })).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log out?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/en\/$/);
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  const me = await page.request.get('/api/open/me');
  expect(await me.json()).toBeNull();
});

test('the language switch keeps the path', async ({ page }) => {
  await page.goto('/et/faq-employers');
  await expect(page.getByRole('heading', { name: 'KKK tööandjatele' })).toBeVisible();
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/en\/faq-employers$/);
  await expect(page.getByRole('heading', { name: 'FAQ for employers' })).toBeVisible();
  await page.getByRole('button', { name: 'How much does a vacancy cost?' }).click();
  await expect(page.getByText('A vacancy for up to 30 days costs 29 euros')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('selectedLocale'))).toBe('en');

  await page.goto('/');
  await expect(page).toHaveURL(/\/en\/$/);
});

test('an unknown path shows the not-found page', async ({ page }) => {
  const response = await page.goto('/ru/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
  await expect(page).toHaveTitle('Страница не найдена | Vakants');
});

test('the price list comes from the server', async ({ page }) => {
  await page.goto('/en/prices-and-services');
  await expect(page.getByRole('cell', { name: /Vacancy up to 30 days/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Registration/ })).toContainText('Free');
  await expect(page.getByRole('row', { name: /BASIC/ })).toContainText('€199');
});

test('the server renders the head of each page', async ({ request }) => {
  const html = await (await request.get('/ru/contacts')).text();
  expect(html).toContain('<title>Контакты | Vakants</title>');
  expect(html).toMatch(/<link rel="alternate" hreflang="en" href="http:\/\/[^"]+\/en\/contacts" \/>/);
});
