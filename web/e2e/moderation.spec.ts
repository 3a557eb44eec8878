import { expect, type Page, test } from '@playwright/test';

import { expectNoAxeViolations } from './axe';
import { callApi, signIn } from './helpers';

interface SearchPage {
  content: { vacancyId: string; businessName: string; occupation: { labels: Record<string, string> } }[];
}

async function search(page: Page): Promise<SearchPage> {
  const answer = await callApi<SearchPage>(page, 'POST', '/api/open/search?size=100&page=0', {});
  expect(answer.status).toBe(200);
  return answer.body;
}

async function searchable(page: Page, vacancyId: string): Promise<boolean> {
  return (await search(page)).content.some((card) => card.vacancyId === vacancyId);
}

test('a visitor reports an ad, an administrator takes it down from the queue and it leaves the search', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.goto('/en');
  // a live ad of a company other than the demo one, which other journeys use
  const target = (await search(page)).content.find((card) => card.businessName !== 'Vakants Demo OÜ');
  expect(target, 'a live ad to report').toBeDefined();
  const title = target!.occupation.labels.en ?? target!.occupation.labels.et;

  await page.goto(`/en/vacancies/${target!.vacancyId}`);
  await page.getByRole('button', { name: 'Report this ad' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this ad' });
  await dialog.getByRole('button', { name: 'Send the report' }).click();
  await expect(dialog.getByText('Choose a reason')).toBeVisible();
  await dialog.getByRole('radio', { name: 'A scam, or it asks for money' }).check();
  await dialog.getByLabel('Tell us more (optional)').fill('They ask for a fee for the training before you start.');
  await expectNoAxeViolations(page, 'the report dialog');
  await dialog.getByRole('button', { name: 'Send the report' }).click();
  await expect(dialog.getByText('Thank you for the report')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto('/en/login');
  await signIn(admin, 'admin@vakants.test');
  await expect(admin).toHaveURL(/\/en\/admin\/companies$/);
  await admin.goto('/en/admin/moderation');
  await expect(admin.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
  const card = admin.getByRole('article').filter({ hasText: 'They ask for a fee for the training' });
  await expect(card).toBeVisible();
  await expect(card.getByText('A scam, or it asks for money')).toBeVisible();
  await expect(card.getByRole('heading', { name: 'The company' })).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Signals' })).toBeVisible();
  await expectNoAxeViolations(admin, 'the moderation queue');

  await card.getByRole('button', { name: /^Take down: / }).click();
  const reason = admin.getByRole('dialog', { name: /^Take down/ });
  await reason.getByLabel(/Reason/).fill('Asks applicants to pay for training');
  await expectNoAxeViolations(admin, 'the take-down dialog');
  await reason.getByRole('button', { name: 'Take the ad down' }).click();
  await expect(admin.getByText(`“${title}” is taken down`)).toBeVisible();
  await expect(card).toHaveCount(0);

  await expect.poll(() => searchable(page, target!.vacancyId), { timeout: 15_000 }).toBe(false);
  expect((await callApi(page, 'GET', `/api/open/vacancies/${target!.vacancyId}`)).status).toBe(404);
  await adminContext.close();
});

test('an ad of a company without a contract waits for review and its employer sees so in my vacancies', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto('/en/login');
  await signIn(admin, 'admin@vakants.test');
  await expect(admin).toHaveURL(/\/en\/admin\/companies$/);
  await admin.goto('/en/admin/moderation');
  const rules = admin.getByRole('region', { name: 'Rules' });
  await rules.getByLabel('First ads of a company without a contract that wait').fill('1000');
  await rules.getByRole('button', { name: 'Save the rules' }).click();
  await expect(admin.getByText('The rules are saved')).toBeVisible();

  await page.goto('/en/login');
  await signIn(page, 'employer@vakants.test');
  // the company the demo data and the journeys never give a contract (Vakants Demo OÜ gets one in
  // the administrators' journey)
  await page.getByRole('button', { name: /Tartu Näidisehitus AS/ }).click();
  await expect(page).toHaveURL(/\/en\/employer\/account\/my-company$/);
  const created = await callApi<{ id: string }>(page, 'POST', '/api/employer/vacancies/create', {
    occupationCode: 'COOK', categoryCodes: ['CATERING'], employmentTypeCode: 'FULL_TIME', countryCode: 'EE', ehakCode: '0784',
    address: 'Harju maakond, Tallinn, Narva mnt 5', salaryFrom: 1500, salaryTo: 2000, salaryPeriodCode: 'MONTH', salaryByAgreement: false,
    remoteWork: false, shiftWork: false,
    contents: [{ languageCode: 'et', teaser: 'Ootame kokka', content: '{"ops":[{"insert":"Köök ootab modereerimiskokka.\\n"}]}' }],
    galleryFileIds: [], questions: [], languages: [], driverLicences: [], publishAt: new Date().toISOString(),
    cvNotRequired: false, forDisabled: false, forForeigners: false, forRetired: false, forStudents: false, forUnderage: false,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const published = await callApi<{ review: { status: string }; invoice: { id: string } }>(page, 'PUT', `/api/employer/vacancies/${created.body.id}/status`, {
    status: 'EXISTS', productCodes: ['VACANCY'],
  });
  expect(published.status).toBe(200);
  expect(published.body.review.status).toBe('PENDING');
  // paid, it still waits for review before it goes live
  expect((await callApi(page, 'POST', `/api/dev/invoices/${published.body.invoice.id}/pay`)).status).toBeLessThan(300);

  await page.goto('/en/employer/account/my-vacancies?tab=active');
  await expect(page.getByText('Waiting for review').first()).toBeVisible();
  await expectNoAxeViolations(page, 'my vacancies with an ad waiting for review');

  await admin.reload();
  await expect(admin.getByRole('article').filter({ hasText: 'Köök ootab modereerimiskokka' })).toBeVisible();
  await rules.getByLabel('First ads of a company without a contract that wait').fill('0');
  await rules.getByRole('button', { name: 'Save the rules' }).click();
  await expect(admin.getByText('The rules are saved')).toBeVisible();
  await adminContext.close();
});
