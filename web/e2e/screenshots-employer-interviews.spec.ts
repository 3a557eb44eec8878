import { expect, type Page, test } from '@playwright/test';

import { callApi, choose, createCv, newEmail, registerApplicant, signIn } from './helpers';

// Pictures to look at, not assertions: run with `SCREENSHOTS=1 scripts/web-e2e.sh screenshots-employer-interviews`.
// The demo employer's my-interviews (the fixtures' interviews), the invite dialog on a fresh
// candidate, my-calendar's week shaded by working hours set here, the candidate list and one candidate.
const DEMO_COMPANY = 'Vakants Demo OÜ';
/** A modal fades in; the picture waits until it has. */
const MODAL_SETTLE_MS = 400;

test.skip(!process.env.SCREENSHOTS, 'screenshots are taken on request');

/** Today plus `days` in Tallinn as yyyy-mm-dd. */
function tallinnDatePlus(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Tallinn' }).format(new Date(Date.now() + days * 86_400_000));
}

async function employerSignIn(page: Page) {
  await page.goto('/et/login');
  await signIn(page, 'employer@vakants.test', 'et');
  await page.getByRole('button', { name: new RegExp(DEMO_COMPANY) }).click();
  await expect(page).toHaveURL(/my-company$/);
}

test('employer interviews, invite dialog, calendar and candidates at 375 px and 1280 px', async ({ browser, page }) => {
  test.setTimeout(150_000);
  const employer = await (await browser.newContext()).newPage();
  await employerSignIn(employer);

  // working hours Monday to Friday 09:00–17:00, the shading of the calendar
  const hours = await callApi<{ userId: string }>(employer, 'GET', '/api/employer/working_hours/user');
  const week = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' }));
  expect((await callApi(employer, 'POST', `/api/employer/working_hours/user/${hours.body.userId}`, { days: week })).status).toBe(200);

  // a candidate to invite
  const list = await callApi<{ content: { id: string }[] }>(employer, 'GET', '/api/employer/vacancies?status=active');
  let vacancyId = '';
  let questions: { questionId: string }[] = [];
  for (const { id } of list.body.content) {
    const form = (await (await employer.request.get(`/api/open/vacancies/${id}/apply`)).json()) as { questions: { questionId: string }[]; applyLink?: string | null };
    if (!form.applyLink) {
      vacancyId = id;
      questions = form.questions;
      break;
    }
  }
  await registerApplicant(page, newEmail('pictured'), ['Kristiina-Maria', 'Pikknimi-Kandidaat']);
  const cvId = await createCv(page, 'Kogenud kokk ja baarmen', ['Kristiina-Maria', 'Pikknimi-Kandidaat']);
  const applied = await callApi(page, 'POST', '/api/applicant/applications', {
    vacancyId,
    cvId,
    coverLetter: 'Tere! Olen töötanud köögis kümme aastat.',
    answers: questions.map((q) => ({ questionId: q.questionId, answer: 'Jah' })),
  });
  expect(applied.status).toBe(201);
  const name = 'Kristiina-Maria Pikknimi-Kandidaat';

  for (const width of [375, 1280]) {
    await employer.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    const shot = (picture: string) => employer.screenshot({ path: `e2e/screenshots/${width}-employer-${picture}.png`, fullPage: true });

    await employer.goto('/et/employer/account/my-interviews');
    await expect(employer.getByRole('article').first()).toBeVisible();
    await shot('interviews');

    await employer.goto('/et/employer/account/my-calendar');
    await expect(employer.locator('.fc-timegrid').first()).toBeVisible();
    await expect(employer.getByRole('region', { name: 'Minu tööaeg' }).getByRole('checkbox', { name: 'Esmaspäev' })).toBeChecked();
    await shot('calendar');

    await employer.goto(`/et/employer/account/my-vacancies/${vacancyId}/candidates`);
    await expect(employer.getByRole('article', { name }).first()).toBeVisible();
    await shot('candidates');

    await employer.getByRole('article', { name }).getByRole('link', { name }).click();
    await expect(employer.getByRole('heading', { name })).toBeVisible();
    await shot('candidate');

    await employer.getByRole('button', { name: 'Kutsu intervjuule' }).click();
    const dialog = employer.getByRole('dialog', { name: `Kutsu ${name} intervjuule` });
    await choose(employer, 'Liik', 'Kontoris');
    await dialog.getByRole('group', { name: 'Aeg 1' }).getByLabel('Kuupäev').fill(tallinnDatePlus(8));
    await dialog.getByRole('button', { name: 'Lisa aeg' }).click();
    await dialog.getByRole('group', { name: 'Aeg 2' }).getByLabel('Alates').fill('14:00');
    await dialog.getByRole('group', { name: 'Aeg 2' }).getByLabel('Kuni').fill('16:00');
    await dialog.getByRole('textbox', { name: 'Asukoht' }).fill('Tartu mnt 1, Tallinn');
    await employer.waitForTimeout(MODAL_SETTLE_MS);
    await employer.screenshot({ path: `e2e/screenshots/${width}-employer-invite-dialog.png` });
    await employer.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});
