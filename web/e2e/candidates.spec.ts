import { type Browser, expect, type Page, test } from '@playwright/test';

import { callApi, createCv, newEmail, registerApplicant, signIn } from './helpers';

const DEMO_COMPANY = 'Vakants Demo OÜ';

interface ApplyForm {
  vacancyId: string;
  questions: { questionId: string; question: string }[];
  applyLink?: string | null;
}

async function employerPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/en/login');
  await signIn(page, 'employer@vakants.test');
  await page.getByRole('button', { name: new RegExp(DEMO_COMPANY) }).click();
  await expect(page).toHaveURL(/my-company$/);
  return page;
}

/** One of the demo company's active vacancies that takes applications here. */
async function openVacancy(employer: Page): Promise<ApplyForm> {
  const list = await callApi<{ content: { id: string }[] }>(employer, 'GET', '/api/employer/vacancies?status=active');
  for (const { id } of list.body.content) {
    const form = (await (await employer.request.get(`/api/open/vacancies/${id}/apply`)).json()) as ApplyForm;
    if (!form.applyLink) return form;
  }
  throw new Error('the demo company has no vacancy taking applications');
}

test('an applicant applies; the employer opens the candidate (NEW clears), rates, marks suitable and comments; the applicant sees a match', async ({ browser, page }) => {
  test.setTimeout(150_000);
  const employer = await employerPage(browser);
  const form = await openVacancy(employer);

  // the applicant applies through the API with a CV, answering every question
  await page.setViewportSize({ width: 1280, height: 900 });
  await registerApplicant(page, newEmail('candidate'), ['Kadri', 'Kandidaat']);
  const cvId = await createCv(page, 'Cook with ten years in kitchens', ['Kadri', 'Kandidaat']);
  const applied = await callApi(page, 'POST', '/api/applicant/applications', {
    vacancyId: form.vacancyId,
    cvId,
    coverLetter: 'I would love to cook for you.',
    answers: form.questions.map((q) => ({ questionId: q.questionId, answer: 'Yes' })),
  });
  expect(applied.status).toBe(201);

  // the employer finds the candidate, NEW, in the vacancy's list
  await employer.setViewportSize({ width: 1280, height: 900 });
  await employer.goto(`/en/employer/account/my-vacancies/${form.vacancyId}/candidates`);
  const card = employer.getByRole('article', { name: 'Kadri Kandidaat' });
  await expect(card.getByText('New', { exact: true })).toBeVisible();
  await card.getByRole('link', { name: 'Kadri Kandidaat' }).click();
  await expect(employer.getByRole('heading', { name: 'Kadri Kandidaat' })).toBeVisible();
  await expect(employer.getByText('Cook with ten years in kitchens').first()).toBeVisible();
  await expect(employer.getByText('I would love to cook for you.')).toBeVisible();

  // rate, mark suitable, comment
  // a segmented control's radio sits under its label: click the label, as a person does
  await employer.locator('label[for$="-POSITIVE"]').click();
  await expect(employer.getByRole('radio', { name: 'Positive' })).toBeChecked();
  await employer.locator('label[for$="-SUITABLE"]').click();
  await expect(employer.getByRole('radio', { name: 'Suitable', exact: true })).toBeChecked();
  await employer.getByRole('textbox', { name: 'New comment' }).fill('Strong candidate, call this week.');
  await employer.getByRole('button', { name: 'Add comment' }).click();
  await expect(employer.getByText('Strong candidate, call this week.')).toBeVisible();

  // back in the list the NEW flag is gone and the verdict shows
  await employer.getByRole('link', { name: /All candidates/ }).click();
  const again = employer.getByRole('article', { name: 'Kadri Kandidaat' });
  await expect(again.getByText('Suitable', { exact: true })).toBeVisible();
  await expect(again.getByText('New', { exact: true })).toHaveCount(0);

  if (process.env.SCREENSHOTS) {
    for (const width of [375, 1280]) {
      await employer.setViewportSize({ width, height: width < 500 ? 812 : 900 });
      await employer.goto(`/et/employer/account/my-vacancies/${form.vacancyId}/candidates`);
      await expect(employer.getByRole('article', { name: 'Kadri Kandidaat' })).toBeVisible();
      await employer.screenshot({ path: `e2e/screenshots/${width}-candidates.png`, fullPage: true });
      await employer.getByRole('link', { name: 'Kadri Kandidaat' }).click();
      await expect(employer.getByRole('heading', { name: 'Kadri Kandidaat' })).toBeVisible();
      await employer.waitForTimeout(500);
      await employer.screenshot({ path: `e2e/screenshots/${width}-candidate.png`, fullPage: true });
    }
  }

  // the applicant sees the verdict as a match
  await page.goto('/en/account/my-applications');
  await expect(page.getByText('Match', { exact: true })).toBeVisible();
});
