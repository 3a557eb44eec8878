import { expect, type Page, test } from '@playwright/test';

import { expectNoAxeViolations } from './axe';
import { callApi, createCv, newEmail, ownVacancyTakingApplications, registerApplicant, signIn } from './helpers';

// Issue 34 §3: the paged lists sort (column headers with aria-sort, a select where there are no
// headers), the dates of companies and employer users, an applicant's page of one application with
// its chat, and the employer's vacancy filter of the interviews. Each screen is checked with axe.

const DEMO_COMPANY = 'Vakants Demo OÜ';
const SCREENSHOTS = !!process.env.SCREENSHOTS;

async function picture(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `test-results/screenshots/lists-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

// names sort in Estonian order (the server's `collate "et-x-icu"`, as the reference lists): õ before ä
test('administrators sort companies, people and invoices by their column headers and see modified dates', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/en/login');
  await signIn(page, 'admin@vakants.test');
  await expect(page).toHaveURL(/\/en\/admin\/companies$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
  const registered = page.getByRole('columnheader', { name: 'Registered' });
  await expect(registered).toHaveAttribute('aria-sort', 'descending');
  // the modified date stands under the registered one, in the same column
  await expect(page.getByRole('row').nth(1).getByText(/^Modified \d/)).toBeVisible();
  // while the sorted page loads (held back here), the previous rows stay on screen dimmed under a
  // loader and the list is busy, so that nobody reads them as sorted
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const sortedByName = /\/api\/admin\/company\/EE\?.*sort=name/;
  await page.route(sortedByName, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('columnheader', { name: 'Company', exact: true }).getByRole('button').click();
  await expect(page).toHaveURL(/sort=name/);
  await expect(page.getByRole('columnheader', { name: 'Company', exact: true })).toHaveAttribute('aria-sort', 'ascending');
  const companies = page.getByRole('region', { name: 'Companies' });
  await expect(companies).toHaveAttribute('aria-busy', 'true');
  // the list's own loader (the search box above shows one too while the list reloads)
  await expect(companies.getByRole('progressbar', { name: 'Loading…' })).toBeVisible();
  await expect(companies.getByRole('rowgroup').nth(1)).toHaveCSS('opacity', '0.5');
  await picture(page, 'admin-companies-busy');
  release();
  await expect(companies).not.toHaveAttribute('aria-busy');
  // back to full contrast at once: no fade in for an axe check to catch half-way
  const rows = companies.getByRole('rowgroup').nth(1);
  expect(await rows.evaluate((body) => ({ opacity: getComputedStyle(body).opacity, animations: body.getAnimations().length }))).toEqual({ opacity: '1', animations: 0 });
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.unroute(sortedByName);
  // the sorted page is in: its names in Estonian order
  const names = () => page.getByRole('row').locator('td:first-child a').allTextContents();
  await expect
    .poll(async () => {
      const shown = await names();
      return shown.length > 1 && [...shown].sort((a, b) => a.localeCompare(b, 'et')).join('\n') === shown.join('\n');
    })
    .toBe(true);
  await expectNoAxeViolations(page, 'admin companies sorted by name');
  await picture(page, 'admin-companies');

  await page.getByRole('row').nth(1).locator('td:first-child a').click();
  await expect(page.getByText('Modified', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'admin company');

  // the employers' table wants 1000 px, more than it has beside the sidebar at 1280 px: it stays a
  // table and scrolls sideways in its own region, which the keyboard reaches
  await page.goto('/en/admin/employers');
  const employers = page.getByRole('region', { name: 'Employers' });
  await expect(employers.getByRole('table', { name: 'Employers' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
  expect(await employers.evaluate((region) => region.scrollWidth > region.clientWidth)).toBe(true);
  await employers.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => employers.evaluate((region) => region.scrollLeft)).toBeGreaterThan(0);
  await expect(page.getByRole('columnheader', { name: 'Modified' })).toBeVisible();
  await page.getByRole('columnheader', { name: 'Last signed in' }).getByRole('button').click();
  await expect(page).toHaveURL(/sort=lastLogin/);
  // the header's aria-sort renders with the list's busy state, which may come a moment after the
  // URL: once it shows, "not busy" means the sorted rows are in, not that the list has yet to dim
  await expect(page.getByRole('columnheader', { name: 'Last signed in' })).toHaveAttribute('aria-sort', 'descending');
  await expect(employers).not.toHaveAttribute('aria-busy');
  await expectNoAxeViolations(page, 'admin employers sorted by last sign-in');
  await picture(page, 'admin-employers');

  await page.goto('/en/admin/invoices');
  await expect(page.getByRole('columnheader', { name: 'Issued' })).toHaveAttribute('aria-sort', 'descending');
  await page.getByRole('columnheader', { name: 'Status' }).getByRole('button').click();
  await expect(page).toHaveURL(/sort=status/);
  await expect(page.getByRole('columnheader', { name: 'Status' })).toHaveAttribute('aria-sort', 'descending');
  await page.getByRole('columnheader', { name: 'Issued' }).getByRole('button').click();
  await page.getByRole('columnheader', { name: 'Issued' }).getByRole('button').click();
  await expect(page).toHaveURL(/order=asc/);
  await expect(page.getByRole('columnheader', { name: 'Issued' })).toHaveAttribute('aria-sort', 'ascending');
  await expectNoAxeViolations(page, 'admin invoices sorted by issue date, oldest first');
  await picture(page, 'admin-invoices');

  // a phone has cards, and the select sorts them
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/en/admin/applicants');
  await expect(page.getByRole('article').first()).toBeVisible();
  // the cards have no aria-sort to show that the list has taken the new URL: its request is sent
  // once the list is busy (its old cards dimmed), and axe waits until the answer's cards replace them
  const sortedApplicants = page.waitForResponse((response) => response.url().includes('/api/admin/applicant?') && new URL(response.url()).searchParams.get('sort') === 'name');
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Person, ascending' }).click();
  await expect(page).toHaveURL(/sort=name/);
  await sortedApplicants;
  await expectNoAxeViolations(page, 'admin applicants on a phone, sorted by name');
});

test('an applicant opens one application and its chat; the employer sorts vacancies and chats, and filters interviews by vacancy', async ({ page, browser }) => {
  test.setTimeout(180_000);
  // the employer: an open vacancy of the demo company taking applications here
  await page.goto('/en/login');
  await signIn(page, 'employer@vakants.test');
  await page.getByRole('button', { name: new RegExp(DEMO_COMPANY) }).click();
  await expect(page).not.toHaveURL(/\/login/);
  const form = await ownVacancyTakingApplications(page);

  const applicant = await (await browser.newContext()).newPage();
  await registerApplicant(applicant, newEmail('lists'), ['Liisa', 'Loend']);
  const cvId = await createCv(applicant, 'Cook for the lists', ['Liisa', 'Loend']);
  const applied = await callApi<{ applicationId: string }>(applicant, 'POST', '/api/applicant/applications', {
    vacancyId: form.vacancyId,
    cvId,
    coverLetter: 'Sorted and ready.',
    answers: form.questions.map((question) => ({ questionId: question.questionId, answer: 'Yes' })),
  });
  expect(applied.status).toBe(201);

  await applicant.goto('/en/account/my-applications');
  await applicant.getByRole('link', { name: 'View the application' }).first().click();
  await expect(applicant).toHaveURL(new RegExp(`/en/account/my-applications/${applied.body.applicationId}$`));
  await expect(applicant.getByRole('heading', { level: 1, name: 'Your application' })).toBeVisible();
  await expect(applicant.getByText('Sorted and ready.')).toBeVisible();
  const chatCard = applicant.getByRole('region', { name: 'Chat with the employer' });
  await expect(chatCard).toContainText('has not written about this application yet');
  await expectNoAxeViolations(applicant, 'one application, no chat yet');

  // the employer writes; the application's page then leads to the chat
  const started = await callApi<{ chatId: string }>(page, 'POST', `/api/employer/chats/${applied.body.applicationId}`);
  expect(started.status).toBe(201);
  expect((await callApi(page, 'POST', `/api/user/chats/${started.body.chatId}`, { text: 'Could you come on Monday?' })).status).toBe(201);
  await applicant.reload();
  await expect(chatCard).toContainText('Could you come on Monday?');
  await picture(applicant, 'my-application');
  await chatCard.getByRole('link', { name: 'Open the chat' }).click();
  await expect(applicant).toHaveURL(new RegExp(`chat=${started.body.chatId}`));
  await expect(applicant.getByRole('log', { name: 'Messages of the chat' })).toContainText('Could you come on Monday?');
  await applicant.context().close();

  // my vacancies: the sort select
  await page.goto('/en/employer/account/my-vacancies');
  // the previous rows stay dimmed and busy until the sorted ones come: axe waits for them
  const sortedVacancies = page.waitForResponse((response) => response.url().includes('/api/employer/vacancies?') && new URL(response.url()).searchParams.get('sort') === 'applications');
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Applications, descending' }).click();
  await expect(page).toHaveURL(/sort=applications/);
  await sortedVacancies;
  await expectNoAxeViolations(page, 'my vacancies sorted by applications');
  await picture(page, 'my-vacancies');

  // messages: the sort select keeps the choice while a chat opens
  await page.goto('/en/employer/account/messages');
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Unread messages, descending' }).click();
  await expect(page).toHaveURL(/sort=unread/);
  await expectNoAxeViolations(page, 'messages sorted by unread');

  // interviews: the vacancy filter finds the vacancy by its title
  await page.goto('/en/employer/account/my-interviews');
  const filter = page.getByRole('combobox', { name: 'Vacancy' });
  await filter.click();
  const first = page.getByRole('option').first();
  await expect(first).toBeVisible();
  const title = (await first.textContent()) ?? '';
  await filter.fill(title.slice(0, 3));
  await page.getByRole('option', { name: title }).first().click();
  await expect(page).toHaveURL(/vacancy=/);
  await expectNoAxeViolations(page, 'interviews of one vacancy');
  await picture(page, 'my-interviews');

  // the company page: registered and last changed
  await page.goto('/en/employer/account/my-company');
  await expect(page.getByRole('rowheader', { name: 'Registered' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Last changed' })).toBeVisible();
  await expectNoAxeViolations(page, 'my company with its dates');
  await picture(page, 'my-company');
});
