import { expect, test } from '@playwright/test';

import { callApi, createCv, newEmail, outbox, registerApplicant } from './helpers';
import { fillBasicInfo, findableWord, setContract, signInAs } from './vacancy-wizard';

test('an applicant saves a search with the instant frequency and manages it on the alerts page', async ({ page }) => {
  test.setTimeout(90_000);
  const email = newEmail('alerts');
  await registerApplicant(page, email);

  await page.goto('/en/vacancies?categoryCode=CATERING&occupation=kokk');
  await page.getByRole('button', { name: 'Save search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(/^kokk · /);
  await expect(dialog.getByRole('textbox', { name: /e-mail/i })).toHaveCount(0);
  await dialog.getByText('At once').click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('link', { name: 'Search saved' })).toBeVisible();

  // the same search in another order of its parameters is the same saved search
  await page.goto('/en/vacancies?occupation=kokk&categoryCode=CATERING');
  await expect(page.getByRole('link', { name: 'Search saved' })).toBeVisible();
  await page.getByRole('link', { name: 'Search saved' }).click();
  await expect(page).toHaveURL(/\/en\/account\/my-alerts$/);
  const alert = page.getByRole('article', { name: /^kokk · / });
  await expect(alert.getByRole('combobox', { name: /^How often/ })).toHaveValue('At once');
  await alert.getByRole('button', { name: 'Pause' }).click();
  await expect(alert.getByText('Paused')).toBeVisible();
  await alert.getByRole('button', { name: 'Resume' }).click();
  await expect(alert.getByRole('button', { name: 'Pause' })).toBeVisible();
  await alert.getByRole('link', { name: 'Open as a search' }).click();
  await expect(page).toHaveURL(/\/en\/vacancies\?occupation=kokk&categoryCode=CATERING$/);

  const saved = await callApi<{ frequency: string; filter: unknown }[]>(page, 'GET', '/api/user/saved-searches');
  expect(saved.body).toHaveLength(1);
  expect(saved.body[0]).toMatchObject({ frequency: 'INSTANT', filter: { occupation: 'kokk', categoryCode: ['CATERING'] } });
});

test("a visitor's alert needs the confirmation first, and its unsubscribe link works without signing in", async ({ page }) => {
  test.setTimeout(60_000);
  const email = newEmail('visitor-alert');
  await page.goto('/en/vacancies?categoryCode=IT');
  await page.getByRole('button', { name: 'Save search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  await dialog.getByRole('textbox', { name: /Your e-mail/ }).fill(email);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('status')).toContainText(`open the link in the mail we sent to ${email}`);

  const mails = await outbox(page, email);
  expect(mails).toHaveLength(1);
  const link = mails[0].text.match(/\/en\/alerts\/confirm\/\S+/)?.[0];
  expect(link, 'the confirmation mail carries its link').toBeTruthy();
  const token = link!.split('/').pop()!;
  const before = await page.request.get(`/api/open/saved-searches/by-token/${token}`);
  expect((await before.json()).savedSearches[0].confirmed).toBe(false);

  await page.goto(link!);
  await expect(page.getByRole('status')).toContainText(`Confirmed: the new vacancies of your search come to ${email}`);
  await expect(page.getByRole('article')).toHaveCount(1);

  await page.goto(`/en/alerts/unsubscribe/${token}`);
  await expect(page.getByText('Stop the e-mails of this job alert?')).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('status')).toContainText('Done: 1 alert no longer sends e-mails.');
  const after = await page.request.get(`/api/open/saved-searches/by-token/${token}`);
  expect(after.status()).toBe(404);
});

test('an applicant saves an instant search, an employer publishes a matching vacancy, the alert mail lists it within a minute, the applicant\'s vacancies for you show it with why it fits, and the unsubscribe link works without signing in', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const word = findableWord();
  const email = newEmail('instant-alert');
  await registerApplicant(page, email);
  // a cook's CV in Tallinn that names the speciality the vacancy will ask for
  await createCv(page, `Kokk, ${word}`);
  await page.goto(`/en/vacancies?occupation=${word}`);
  await page.getByRole('button', { name: 'Save search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  await dialog.getByText('At once').click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('link', { name: 'Search saved' })).toBeVisible();

  const employerContext = await browser.newContext();
  const employer = await employerContext.newPage();
  await setContract(browser, '14000009', true);
  await signInAs(employer, /Vakants Demo OÜ/);
  await employer.goto('/en/employer/account/my-vacancies/create-vacancy');
  await fillBasicInfo(employer, word);
  await employer.getByRole('button', { name: 'Next' }).click();
  await expect(employer).toHaveURL(/\/edit\?step=branding$/);
  const vacancyId = /my-vacancies\/([0-9a-f-]{36})\//.exec(employer.url())![1]!;
  for (let step = 0; step < 3; step++) await employer.getByRole('button', { name: 'Next' }).click();
  await employer.getByRole('button', { name: 'Continue to publishing' }).click();
  await employer.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(employer.getByRole('heading', { name: 'Your vacancy is live' })).toBeVisible();
  await employerContext.close();

  let mail: { subject: string; text: string; headers?: { name: string; value: string }[] } | undefined;
  await expect
    .poll(
      async () => {
        mail = (await outbox(page, email)).find((item) => item.text.includes(`/en/vacancies/${vacancyId}`));
        return !!mail;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  // the same vacancy is among the applicant's vacancies for you, on the profile and the home page, each saying why
  await page.goto('/en/account/profile');
  const forYou = page.getByRole('region', { name: 'Vacancies for you' });
  const card = forYou.locator(`article:has(a[href="/en/vacancies/${vacancyId}"])`);
  await expect(card).toBeVisible();
  await expect(card).toContainText('Fits your CV:');
  await expect(card).toContainText('Catering and food service');
  await page.goto('/en');
  const home = page.getByRole('region', { name: 'Vacancies for you' });
  await expect(home.locator(`article:has(a[href="/en/vacancies/${vacancyId}"])`)).toContainText('Fits your CV:');

  const oneClick = mail!.headers?.find((header) => header.name === 'List-Unsubscribe')?.value.slice(1, -1);
  expect(mail!.headers).toContainEqual({ name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' });
  const unsubscribe = mail!.text.match(/\/en\/alerts\/unsubscribe\/[^?\s]+/)![0];

  // the unsubscribe link works without signing in
  const stranger = await browser.newPage();
  await stranger.goto(unsubscribe);
  await stranger.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(stranger.getByRole('status')).toContainText('Done: 1 alert no longer sends e-mails.');
  expect(oneClick).toContain('/api/open/saved-searches/unsubscribe/');
  const saved = await callApi<{ paused: boolean }[]>(page, 'GET', '/api/user/saved-searches');
  expect(saved.body[0].paused).toBe(true);
});
