import { type Browser, expect, type Page } from '@playwright/test';

import { type ApplyForm, callApi, createCv, newEmail, registerApplicant, signIn } from './helpers';

export interface ChatScene {
  employer: Page;
  applicant: Page;
  chatId: string;
}

/**
 * Two browsers: the demo employer, and a new applicant who applied (with a CV, answering any
 * questions) to one of the demo company's active vacancies; the employer starts the chat about
 * the application through the API, as the candidate screen's button does.
 */
export async function chatScene(browser: Browser, language: 'et' | 'en' = 'en'): Promise<ChatScene> {
  const employer = await (await browser.newContext()).newPage();
  await employer.goto(`/${language}/employer/account/messages`);
  await signIn(employer, 'employer@vakants.test', language);

  const applicant = await (await browser.newContext()).newPage();
  await applicant.goto('/en/login');
  await registerApplicant(applicant, newEmail('chat'), ['Kati', 'Karu']);
  const cvId = await createCv(applicant, 'Kokk', ['Kati', 'Karu']);

  const vacancies = await callApi<{ content: { id: string }[] }>(employer, 'GET', '/api/employer/vacancies?status=active');
  expect(vacancies.status).toBe(200);
  let applicationId: string | null = null;
  for (const { id } of vacancies.body.content) {
    const form = (await (await applicant.request.get(`/api/open/vacancies/${id}/apply`)).json()) as ApplyForm;
    if (form.applyLink) continue;
    const answers = form.questions.map((q) => ({ questionId: q.questionId, answer: 'Jah, kindlasti.' }));
    const applied = await callApi<{ applicationId: string }>(applicant, 'POST', '/api/applicant/applications', { vacancyId: id, cvId, answers });
    if (applied.status === 201) {
      applicationId = applied.body.applicationId;
      break;
    }
  }
  expect(applicationId, 'an application to one of the demo company vacancies').not.toBeNull();
  const started = await callApi<{ chatId: string }>(employer, 'POST', `/api/employer/chats/${applicationId}`);
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  return { employer, applicant, chatId: started.body.chatId };
}
