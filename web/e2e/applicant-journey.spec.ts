import { readFile } from 'node:fs/promises';

import { expect, test } from '@playwright/test';

import { chooseFiles, fillCvToAdditionalStep, zipEntryNames } from './cv-wizard';
import { callApi, newEmail, pdfWithText, registerApplicant, signIn } from './helpers';

// The whole applicant journey of issue 6, end to end against the real server. The one vacancy whose
// description (only) holds the word below belongs to "Vakants Demo OÜ", which the demo employer
// supervises (fixtures/src/demo_vacancies.rs); the employer invites through the API, as the employer
// screens do not exist yet.
const WORD = 'marsipanimeister';

test('an applicant signs up, builds a CV with a PDF, finds, saves and applies for a vacancy, accepts an interview, sees it in the calendar, exports their data and leaves', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = newEmail('journey');
  await registerApplicant(page, email, ['Kadri', 'Kask']);

  // 1. the CV wizard, with an uploaded PDF
  await page.goto('/en/account/create-cv');
  await fillCvToAdditionalStep(page, 'Confectioner');
  await page.getByRole('textbox', { name: /^About me/ }).fill('Cakes, pralines and marzipan figures.');
  await chooseFiles(page, 'Upload a file', [{ name: 'kadri-cv.pdf', mimeType: 'application/pdf', buffer: pdfWithText('Chocolate tempering and sugar work') }]);
  await expect(page.getByText('The file is uploaded.')).toBeVisible();
  await page.getByRole('button', { name: 'Save the CV' }).click();
  await expect(page).toHaveURL(/\/en\/account\/my-cv$/);
  await expect(page.getByRole('article', { name: 'Confectioner' }).getByText('File: kadri-cv.pdf')).toBeVisible();

  // 2. the search finds the vacancy by a word only its description holds
  await page.goto('/en/vacancies');
  await page.getByLabel('Job title or keyword').fill(WORD);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`occupation=${WORD}$`));
  const card = page.getByRole('article');
  await expect(card).toHaveCount(1);
  const link = card.getByRole('link').first();
  const title = (await link.innerText()).trim();
  expect(title).toBe('Confectioner');
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(new RegExp(WORD)).first()).toBeVisible();
  const vacancyId = new URL(page.url()).pathname.split('/').pop()!;

  // 3. favourite it
  // the vacancy's own heart, beside its title (the similar vacancies' cards below carry theirs)
  const ownHeart = page.getByRole('heading', { level: 1 }).locator('..');
  await ownHeart.getByRole('button', { name: 'Add to favourites' }).click();
  await expect(ownHeart.getByRole('button', { name: 'Remove from favourites' })).toBeVisible();

  // 4. apply, answering every question
  const form = (await (await page.request.get(`/api/open/vacancies/${vacancyId}/apply`)).json()) as { questions: { question: string }[] };
  expect(form.questions.length).toBeGreaterThan(0);
  await page.getByRole('link', { name: 'Apply', exact: true }).click();
  await expect(page.getByRole('radio', { name: /Confectioner/ })).toBeChecked();
  for (const [index, question] of form.questions.entries()) await page.getByLabel(question.question).fill(`Answer ${index + 1}`);
  await page.getByLabel('Cover letter').fill('Marzipan is my passion.');
  await page.getByRole('button', { name: 'Send the application' }).click();
  await expect(page).toHaveURL(/\/en\/account\/my-applications$/);
  await expect(page.getByRole('tab', { name: 'Active' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('article', { name: title })).toBeVisible();
  await page.goto('/en/account/my-favourites');
  await expect(page.getByRole('article', { name: title })).toBeVisible();
  const mine = await callApi<{ applicationId: string; vacancy: { vacancyId: string } }[]>(page, 'GET', '/api/applicant/applications/my');
  const applicationId = mine.body.find((item) => item.vacancy.vacancyId === vacancyId)?.applicationId;
  expect(applicationId).toBeTruthy();

  // 5. the employer of the vacancy invites the applicant: one slot the day after tomorrow, 13:00-15:00 UTC
  // (the demo employer's seeded invitations hold that day's Tallinn morning: offered slots may not overlap)
  const employer = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const employerPage = await employer.newPage();
  await employerPage.goto('/en/login');
  await signIn(employerPage, 'employer@vakants.test');
  await employerPage.getByRole('button', { name: /Vakants Demo OÜ/ }).click();
  await expect(employerPage).toHaveURL(/\/en\/employer\/account\/my-company$/);
  const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const invited = await callApi<{ interviewId: string }>(employerPage, 'POST', '/api/employer/interviews', {
    applicationId,
    type: 'OFFICE',
    durationMinutes: 60,
    slots: [{ start: `${day}T13:00:00Z`, end: `${day}T15:00:00Z` }],
    location: 'Narva mnt 5, Tallinn',
    description: 'A tasting of your marzipan.',
  });
  expect(invited.status).toBe(201);
  await employer.close();

  // 6. the applicant accepts the invitation with a time inside the slot
  await page.goto('/en/account/my-interviews?tab=invited');
  const invitation = page.getByRole('article').filter({ hasText: 'Awaiting confirmation' });
  await expect(invitation).toHaveCount(1);
  await expect(invitation).toContainText('Narva mnt 5, Tallinn');
  await invitation.getByRole('button', { name: 'Choose a time' }).click();
  const dialog = page.getByRole('dialog', { name: 'Accept the invitation' });
  await dialog.getByRole('radio').first().check();
  await dialog.getByLabel('Message to the employer').fill('See you there.');
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('tab', { name: 'Accepted' }).click();
  await expect(page.getByRole('article').filter({ hasText: 'See you there.' })).toContainText('Accepted');

  // 7. the calendar's week view shows it
  await page.goto('/en/account/calendar');
  await page.getByText('Week', { exact: true }).click();
  // the calendar opens on Tallinn's today; the interview is on `day` (13:00 UTC is the afternoon of
  // the same date in Tallinn), which is one Tallinn day ahead when UTC is still on the day before
  const tallinnToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Tallinn' }).format(new Date());
  const mondayOf = (isoDay: string) => {
    const at = new Date(`${isoDay}T00:00:00Z`);
    return at.getTime() - ((at.getUTCDay() + 6) % 7) * 86_400_000;
  };
  if (mondayOf(day) !== mondayOf(tallinnToday)) await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.locator('.fc-event.vk-event-interview')).toHaveCount(1);

  // 8. export everything, then delete the account
  await page.goto('/en/account/my-data');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const entries = zipEntryNames(await readFile(await (await download).path()));
  expect(entries).toContain('data.json');
  expect(entries.some((name) => name.endsWith('kadri-cv.pdf'))).toBe(true);
  await page.getByLabel('Type your e-mail address to confirm').fill(email);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByRole('dialog', { name: 'Delete your account for good?' }).getByRole('button', { name: 'Delete for good' }).click();
  await expect(page).toHaveURL(/\/en\/$/);
  await expect(page.getByText('Your account is deleted.')).toBeVisible();
  expect((await page.request.get('/api/applicant/applications/my')).status()).toBe(401);
});
