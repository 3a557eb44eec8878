import { type Browser, expect, type Page, test } from '@playwright/test';

import { expectNoAxeViolations } from './axe';
import { callApi, choose, createCv, newEmail, registerApplicant, signIn } from './helpers';

// The demo employer's journey of issue 17: working hours, an invitation from a candidate, the
// applicant's acceptance, the interview on my-interviews and my-calendar, a cancellation.
const DEMO_COMPANY = 'Vakants Demo OÜ';
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Today's weekday in Tallinn, Monday 1 to Sunday 7. */
function tallinnWeekday(): number {
  const day = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'Europe/Tallinn' }).format(new Date());
  return ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(day) + 1;
}

/** Next week's Wednesday in Tallinn as yyyy-mm-dd (3 to 9 days ahead: clear of the demo's interviews in two days). */
function nextWednesday(): string {
  const days = 7 - tallinnWeekday() + 3;
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Tallinn' }).format(new Date(Date.now() + days * 86_400_000));
}

async function employerPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/en/login');
  await signIn(page, 'employer@vakants.test');
  await page.getByRole('button', { name: new RegExp(DEMO_COMPANY) }).click();
  await expect(page).toHaveURL(/my-company$/);
  return page;
}

/** One of the demo company's active vacancies that takes applications here. */
async function openVacancy(employer: Page): Promise<{ vacancyId: string; questions: { questionId: string }[] }> {
  const list = await callApi<{ content: { id: string }[] }>(employer, 'GET', '/api/employer/vacancies?status=active');
  for (const { id } of list.body.content) {
    const form = (await (await employer.request.get(`/api/open/vacancies/${id}/apply`)).json()) as { vacancyId: string; questions: { questionId: string }[]; applyLink?: string | null };
    if (!form.applyLink) return form;
  }
  throw new Error('the demo company has no vacancy taking applications');
}

test('the employer sets working hours, invites a candidate with two times, the applicant accepts one, the employer sees it and cancels it with a message', async ({ browser, page }) => {
  test.setTimeout(180_000);
  const employer = await employerPage(browser);
  const form = await openVacancy(employer);
  const day = nextWednesday();

  // working hours: every day 08:00–16:00, from the menu's "My calendar"
  await employer.goto('/en/employer/account/my-vacancies');
  await employer.getByRole('link', { name: 'My calendar' }).first().click();
  await expect(employer.getByRole('heading', { level: 1, name: 'Calendar and working hours' })).toBeVisible();
  const mine = employer.getByRole('region', { name: 'My working hours' });
  // the editor takes input once the saved hours are in (its Save button comes with them)
  await expect(mine.getByRole('button', { name: 'Save' })).toBeVisible();
  for (const weekday of WEEKDAYS) {
    await mine.getByRole('checkbox', { name: weekday }).check();
    await mine.getByLabel(`${weekday} From`).fill('08:00');
    await mine.getByLabel(`${weekday} To`).fill('16:00');
  }
  await mine.getByRole('button', { name: 'Save' }).click();
  await expect(employer.getByText('Saved').first()).toBeVisible();
  const hours = await callApi<{ days: { weekday: number; start: string; end: string }[] }>(employer, 'GET', '/api/employer/working_hours/user');
  expect(hours.body.days).toHaveLength(7);
  expect(hours.body.days[2]).toMatchObject({ weekday: 3, start: '08:00', end: '16:00' });

  // an applicant applies through the API
  await page.setViewportSize({ width: 1280, height: 900 });
  await registerApplicant(page, newEmail('interviewee'), ['Ilmar', 'Intervjuu']);
  const cvId = await createCv(page, 'Barista', ['Ilmar', 'Intervjuu']);
  const applied = await callApi(page, 'POST', '/api/applicant/applications', {
    vacancyId: form.vacancyId,
    cvId,
    answers: form.questions.map((q) => ({ questionId: q.questionId, answer: 'Yes' })),
  });
  expect(applied.status).toBe(201);

  // the employer opens the candidate and invites with two times through the dialog
  await employer.goto(`/en/employer/account/my-vacancies/${form.vacancyId}/candidates`);
  await employer.getByRole('article', { name: 'Ilmar Intervjuu' }).getByRole('link', { name: 'Ilmar Intervjuu' }).click();
  await expect(employer.getByRole('heading', { name: 'Ilmar Intervjuu' })).toBeVisible();
  await employer.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Invite to interview' }).click();
  const dialog = employer.getByRole('dialog', { name: 'Invite Ilmar Intervjuu to an interview' });
  await expect(dialog).toBeVisible();
  await choose(employer, 'Type', 'At the office');
  await dialog.getByRole('textbox', { name: 'Duration (minutes)' }).fill('45');
  const first = dialog.getByRole('group', { name: 'Time 1' });
  await first.getByLabel('Date').fill(day);
  await first.getByLabel('From').fill('09:00');
  await first.getByLabel('To').fill('10:00');
  await dialog.getByRole('button', { name: 'Add a time' }).click();
  const second = dialog.getByRole('group', { name: 'Time 2' });
  await second.getByLabel('From').fill('17:00');
  await second.getByLabel('To').fill('18:00');
  await dialog.getByRole('textbox', { name: 'Location' }).fill('Tartu mnt 1, Tallinn');
  await expect(dialog.getByRole('switch', { name: 'Notify the applicant' })).toBeChecked();
  await expectNoAxeViolations(employer, 'interview invitation');

  // 17:00 lies outside the hours just set: the server's refusal shows on the offered times
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByRole('group', { name: 'Offered times (Tallinn time)' })).toContainText('is outside the working hours');
  await second.getByLabel('From').fill('13:00');
  await second.getByLabel('To').fill('14:00');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  await expect(employer.getByText('Invitation sent')).toBeVisible();

  // the applicant accepts the second time, 13:15–14:00
  await page.goto('/en/account/my-interviews?tab=invited');
  const invitation = page.getByRole('article').first();
  await invitation.getByRole('button', { name: 'Choose a time' }).click();
  const accept = page.getByRole('dialog', { name: 'Accept the invitation' });
  const slots = accept.getByRole('radio');
  await expect(slots).toHaveCount(2);
  await slots.nth(1).check();
  await choose(page, 'Start time', '13:15');
  await accept.getByLabel('Message to the employer').fill('See you on Wednesday.');
  await accept.getByRole('button', { name: 'Accept' }).click();
  await expect(accept).toBeHidden();

  // the employer sees it accepted on my-interviews ...
  await employer.getByRole('link', { name: 'My interviews' }).first().click();
  await employer.getByRole('tab', { name: 'Accepted' }).click();
  await expect(employer).toHaveURL(/my-interviews\?tab=accepted$/);
  const card = employer.getByRole('article', { name: 'Ilmar Intervjuu' });
  await expect(card).toContainText('Accepted');
  await expect(card).toContainText('13:15–14:00');
  await expect(card).toContainText('See you on Wednesday.');

  // ... and on my-calendar, next week
  await employer.getByRole('link', { name: 'My calendar' }).first().click();
  await employer.getByRole('button', { name: 'Next' }).click();
  const event = employer.locator('.fc-event.vk-event-interview', { hasText: '13:15' });
  await expect(event).toHaveCount(1);

  // cancel with a message: nothing without one; then it moves to the canceled tab with the reason
  await employer.getByRole('link', { name: 'My interviews' }).first().click();
  await employer.getByRole('tab', { name: 'Accepted' }).click();
  await employer.getByRole('article', { name: 'Ilmar Intervjuu' }).getByRole('button', { name: 'Cancel interview' }).click();
  const cancel = employer.getByRole('dialog', { name: 'Cancel the interview' });
  await cancel.getByRole('button', { name: 'Cancel interview' }).click();
  await expect(cancel.getByText('Please write a message')).toBeVisible();
  await cancel.getByRole('textbox', { name: 'Message to the applicant' }).fill('The position was filled, sorry.');
  await cancel.getByRole('button', { name: 'Cancel interview' }).click();
  await expect(cancel).toBeHidden();
  await expect(employer.getByRole('article', { name: 'Ilmar Intervjuu' })).toHaveCount(0);
  await employer.getByRole('tab', { name: 'Canceled' }).click();
  const canceled = employer.getByRole('article', { name: 'Ilmar Intervjuu' });
  await expect(canceled).toContainText('Canceled');
  await expect(canceled).toContainText('The position was filled, sorry.');

  // the applicant sees it canceled
  await page.goto('/en/account/my-interviews?tab=canceled');
  await expect(page.getByRole('article').first()).toContainText('The position was filled, sorry.');

  // an interview agreed by phone, recorded without notifying the applicant: no notification, no badge
  const interviewsBadge = async () => (await callApi<{ interviews: number }>(page, 'GET', '/api/user/menu-notifications')).body.interviews;
  const unnotified = async () => (await callApi<{ totalElements?: number; content?: { kind: string }[] }>(page, 'GET', '/api/user/notifications')).body;
  const badgeBefore = await interviewsBadge();
  const centreBefore = JSON.stringify(await unnotified());
  await employer.goto(`/en/employer/account/my-vacancies/${form.vacancyId}/candidates`);
  await employer.getByRole('article', { name: 'Ilmar Intervjuu' }).getByRole('link', { name: 'Ilmar Intervjuu' }).click();
  await employer.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Invite to interview' }).click();
  const quiet = employer.getByRole('dialog', { name: 'Invite Ilmar Intervjuu to an interview' });
  const only = quiet.getByRole('group', { name: 'Time 1' });
  await only.getByLabel('Date').fill(day);
  await only.getByLabel('From').fill('09:00');
  await only.getByLabel('To').fill('10:00');
  await quiet.getByRole('switch', { name: 'Notify the applicant' }).uncheck();
  await quiet.getByRole('button', { name: 'Send invitation' }).click();
  await expect(quiet).toBeHidden();
  const listed = await callApi<{ notifyApplicant: boolean; applicant: { name?: string }; status: string }[]>(employer, 'GET', '/api/employer/interviews');
  expect(listed.body.find((interview) => interview.status === 'INVITED' && interview.applicant.name === 'Ilmar Intervjuu')?.notifyApplicant).toBe(false);
  expect(await interviewsBadge()).toBe(badgeBefore);
  expect(JSON.stringify(await unnotified())).toBe(centreBefore);
  // it is still the applicant's interview, among their invitations
  await page.goto('/en/account/my-interviews?tab=invited');
  await expect(page.getByRole('article').first()).toBeVisible();
  // the change form shows the switch as it was set
  await employer.goto('/en/employer/account/my-interviews?tab=invited');
  await employer.getByRole('article', { name: 'Ilmar Intervjuu' }).getByRole('button', { name: 'Change' }).click();
  await expect(employer.getByRole('dialog', { name: 'Change the interview' }).getByRole('switch', { name: 'Notify the applicant' })).not.toBeChecked();
});
