import { expect, test } from '@playwright/test';

import { callApi, createCv, newEmail, outbox, registerApplicant, vacancyWithQuestions } from './helpers';

test('the opt-out link of an application mail takes the applicant off the mailing list', async ({ page }) => {
  test.setTimeout(60_000);
  const email = newEmail('optout');
  await registerApplicant(page, email);
  const cvId = await createCv(page, 'Cook');
  const form = await vacancyWithQuestions(page);
  const sent = await callApi(page, 'POST', '/api/applicant/applications', {
    vacancyId: form.vacancyId,
    cvId,
    answers: form.questions.map((question) => ({ questionId: question.questionId, answer: 'Yes' })),
  });
  expect(sent.status).toBe(201);

  const mail = (await outbox(page, email)).find((item) => item.subject.startsWith('Your application'));
  const path = mail?.text.match(/\/en\/notifications\/unsubscribe\/\S+/)?.[0];
  expect(path, 'the mail carries an opt-out link').toBeTruthy();
  await page.goto(path!);
  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
  await expect(page.getByText(`Stop sending e-mails about new vacancies and news to the account ${email}?`)).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText('Done. You will no longer receive these e-mails.')).toBeVisible();

  // a forged token is refused with the server's message
  await page.goto(path!.replace(/\/[^/]+$/, '/forged-token'));
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('alert')).toContainText('Unsubscribing failed');
});
