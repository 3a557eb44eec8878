import { type Browser, expect, type Page, test } from '@playwright/test';

import { callApi, choose, createCv, newEmail, registerApplicant, signIn } from './helpers';

// Issue 17 end to end, two browsers, through the screens a person uses (the API only makes the
// applicant's CV and reads which vacancy takes applications): an applicant applies to a demo
// company vacancy; the employer reviews the candidate, invites them, the applicant accepts, the
// employer sees it on the calendar and starts a chat from the candidate; the applicant's MESSAGES
// badge rises live and their answer reaches the employer's open page without a reload.
const DEMO_COMPANY = 'Vakants Demo OÜ';
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

interface ApplyForm {
  vacancyId: string;
  questions: { questionId: string; question: string }[];
  applyLink?: string | null;
}

/** Today's weekday in Tallinn, Monday 1 to Sunday 7. */
function tallinnWeekday(): number {
  const day = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'Europe/Tallinn' }).format(new Date());
  return ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(day) + 1;
}

/**
 * A day of next week in Tallinn as yyyy-mm-dd: Thursday for the first run, then Friday to Sunday
 * for repeated runs against the same server, so an accepted interview of an earlier run never
 * takes this run's times (the free-slot rule). Clear of the demo's interviews (in two days) and of
 * employer-interviews.spec (next Wednesday).
 */
function interviewDay(run: number): string {
  const days = 7 - tallinnWeekday() + 4 + (run % 4);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Tallinn' }).format(new Date(Date.now() + days * 86_400_000));
}

/** Letters only, so names pass the profile's rules; each run's applicant is told apart in the lists. */
function randomLetters(count: number): string {
  return Array.from({ length: count }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
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
async function openVacancy(employer: Page): Promise<ApplyForm> {
  const list = await callApi<{ content: { id: string }[] }>(employer, 'GET', '/api/employer/vacancies?status=active');
  for (const { id } of list.body.content) {
    const form = (await (await employer.request.get(`/api/open/vacancies/${id}/apply`)).json()) as ApplyForm;
    if (!form.applyLink) return form;
  }
  throw new Error('the demo company has no vacancy taking applications');
}

/** A sidebar link of the signed-in menu. */
function menuLink(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: new RegExp(`^${name}`) }).first();
}

test('an applicant applies; the employer reviews, invites and messages them; the applicant accepts, sees the message live and answers', async ({ browser, page }) => {
  test.setTimeout(240_000);
  const run = test.info().repeatEachIndex;
  const day = interviewDay(run);
  const shift = Math.floor(run / 4) % 3; // more than four runs: later hours of the same days
  const hour = (h: number) => `${String(h + shift).padStart(2, '0')}:00`;
  const name: [string, string] = ['Liisi', `Rannak${randomLetters(5)}`];
  const fullName = name.join(' ');

  // the employer signs in for the demo company and sets working hours: every day 08:00–18:00
  const employer = await employerPage(browser);
  const form = await openVacancy(employer);
  await menuLink(employer, 'My calendar').click();
  await expect(employer.getByRole('heading', { level: 1, name: 'Calendar and working hours' })).toBeVisible();
  const hours = employer.getByRole('region', { name: 'My working hours' });
  // the editor takes input once the saved hours are in (its Save button comes with them)
  await expect(hours.getByRole('button', { name: 'Save' })).toBeVisible();
  for (const weekday of WEEKDAYS) {
    await hours.getByRole('checkbox', { name: weekday }).check();
    await hours.getByLabel(`${weekday} From`).fill('08:00');
    await hours.getByLabel(`${weekday} To`).fill('18:00');
  }
  await hours.getByRole('button', { name: 'Save' }).click();
  await expect(employer.getByText('Saved').first()).toBeVisible();

  // a new applicant (account and CV made quickly) applies on the vacancy page, answering every question
  await page.setViewportSize({ width: 1280, height: 900 });
  await registerApplicant(page, newEmail('journey'), name);
  const cvTitle = 'Cook who loves busy kitchens';
  await createCv(page, cvTitle, name);
  await page.goto(`/en/vacancies/${form.vacancyId}`);
  await page.getByRole('link', { name: 'Apply', exact: true }).click();
  await expect(page.getByRole('radio', { name: new RegExp(cvTitle) })).toBeChecked();
  for (const [index, question] of form.questions.entries()) await page.getByLabel(question.question).fill(`Yes, answer ${index + 1}`);
  await page.getByLabel('Cover letter').fill('I would love to cook for your guests.');
  await page.getByRole('button', { name: 'Send the application' }).click();
  await expect(page).toHaveURL(/\/en\/account\/my-applications$/);

  // the employer finds the candidate, NEW, in the vacancy's list and opens it
  await menuLink(employer, 'My vacancies').click();
  await employer.locator(`a[href="/en/employer/account/my-vacancies/${form.vacancyId}/candidates"]`).first().click();
  const card = employer.getByRole('article', { name: fullName });
  await expect(card.getByText('New', { exact: true })).toBeVisible();
  await card.getByRole('link', { name: fullName }).click();
  await expect(employer.getByRole('heading', { name: fullName })).toBeVisible();
  const candidateUrl = employer.url();
  await expect(employer.getByText('I would love to cook for your guests.')).toBeVisible();

  // rates it Positive, marks it Suitable (a segmented control's radio sits under its label), comments
  await employer.locator('label[for$="-POSITIVE"]').click();
  await expect(employer.getByRole('radio', { name: 'Positive' })).toBeChecked();
  await employer.locator('label[for$="-SUITABLE"]').click();
  await expect(employer.getByRole('radio', { name: 'Suitable', exact: true })).toBeChecked();
  await employer.getByRole('textbox', { name: 'New comment' }).fill('Good answers, invite her.');
  await employer.getByRole('button', { name: 'Add comment' }).click();
  await expect(employer.getByText('Good answers, invite her.')).toBeVisible();

  // back in the list: NEW is gone since it was opened, the verdict shows
  await employer.getByRole('link', { name: /All candidates/ }).click();
  const again = employer.getByRole('article', { name: fullName });
  await expect(again.getByText('Suitable', { exact: true })).toBeVisible();
  await expect(again.getByText('New', { exact: true })).toHaveCount(0);

  // invites to an interview with two times through the dialog
  await again.getByRole('link', { name: fullName }).click();
  const actions = employer.getByRole('group', { name: 'Actions' });
  await actions.getByRole('button', { name: 'Invite to interview' }).click();
  const dialog = employer.getByRole('dialog', { name: `Invite ${fullName} to an interview` });
  await expect(dialog).toBeVisible();
  await choose(employer, 'Type', 'At the office');
  await dialog.getByRole('textbox', { name: 'Duration (minutes)' }).fill('45');
  const first = dialog.getByRole('group', { name: 'Time 1' });
  await first.getByLabel('Date').fill(day);
  await first.getByLabel('From').fill(hour(9));
  await first.getByLabel('To').fill(hour(10));
  await dialog.getByRole('button', { name: 'Add a time' }).click();
  const second = dialog.getByRole('group', { name: 'Time 2' });
  await second.getByLabel('From').fill(hour(13));
  await second.getByLabel('To').fill(hour(14));
  await dialog.getByRole('textbox', { name: 'Location' }).fill('Tartu mnt 1, Tallinn');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  await expect(employer.getByText('Invitation sent')).toBeVisible();

  // the applicant sees the verdict as a match on my applications ...
  await page.reload();
  await expect(page.getByText('Match', { exact: true })).toBeVisible();

  // ... and accepts the second time on their interviews page
  await menuLink(page, 'My interviews').click();
  await page.getByRole('tab', { name: 'Unconfirmed' }).click();
  const invitation = page.getByRole('article').first();
  await invitation.getByRole('button', { name: 'Choose a time' }).click();
  const accept = page.getByRole('dialog', { name: 'Accept the invitation' });
  const slots = accept.getByRole('radio');
  await expect(slots).toHaveCount(2);
  await slots.nth(1).check();
  await choose(page, 'Start time', hour(13));
  await accept.getByRole('button', { name: 'Accept' }).click();
  await expect(accept).toBeHidden();

  // the employer sees the accepted interview on my calendar, next week
  await menuLink(employer, 'My calendar').click();
  await expect(employer.getByRole('heading', { level: 1, name: 'Calendar and working hours' })).toBeVisible();
  await employer.getByRole('button', { name: 'Next' }).click();
  await expect(employer.locator(`[data-date="${day}"] .fc-event.vk-event-interview`, { hasText: hour(13) })).toHaveCount(1);

  // the applicant's page holds the live stream (opened with the page; the 30 s badge poll is only the fallback)
  const stream = page.waitForResponse((response) => response.url().endsWith('/api/user/stream') && response.status() === 200, {
    timeout: 10_000,
  });
  await page.reload();
  await stream;
  const badge = menuLink(page, 'Messages').getByTitle('1 new');
  await expect(badge).toHaveCount(0);

  // the employer presses "Message" on the candidate and writes
  await employer.goto(candidateUrl);
  await employer.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Message' }).click();
  await expect(employer).toHaveURL(/\/en\/employer\/account\/messages\?chat=[0-9a-f-]{36}$/);
  await expect(employer.getByRole('heading', { level: 2, name: fullName })).toBeVisible();
  await employer.getByRole('textbox', { name: 'Message' }).fill(`Hello ${name[0]}, see you next week. Any questions?`);
  await employer.getByRole('button', { name: 'Send' }).click();
  const employerLog = employer.getByRole('log', { name: 'Messages of the chat' });
  await expect(employerLog.getByText('see you next week', { exact: false })).toBeVisible();

  // the applicant's MESSAGES badge rises without a reload, well before the 30 s poll
  await expect(badge).toBeVisible({ timeout: 10_000 });

  // the applicant opens messages from the menu, reads and answers
  await menuLink(page, 'Messages').click();
  await page.getByRole('navigation', { name: 'Chats' }).getByRole('button').first().click();
  const applicantLog = page.getByRole('log', { name: 'Messages of the chat' });
  await expect(applicantLog.getByText('see you next week', { exact: false })).toBeVisible();
  await expect(badge).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Message' }).fill('Thank you, no questions. See you!');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(applicantLog.getByText('Thank you, no questions. See you!')).toBeVisible();

  // the employer's page, left open, shows the answer without reloading
  await expect(employerLog.getByText('Thank you, no questions. See you!')).toBeVisible({ timeout: 10_000 });
});
