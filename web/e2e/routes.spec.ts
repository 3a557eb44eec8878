import { expect, type Page, test } from '@playwright/test';

import { axeViolations, describeViolations } from './axe';
import { callApi, createCv, newEmail, ownVacancyTakingApplications, registerApplicant, signIn } from './helpers';
import { type RouteRole, SCREEN_ROUTES } from './routes';

// Every screen of the router, opened as its role at 1280 px and at 375 px (a phone): the server
// answers the page with 200 (api/src/web.rs knows the route), the app shows the screen (not "Page
// not found" or "Access denied") and axe-core finds no WCAG 2.2 A/AA violation on it.

const DEMO_COMPANY = { name: 'Vakants Demo OÜ', countryCode: 'EE', registryCode: '14000009' };
const ACCOUNTS: Record<Exclude<RouteRole, 'visitor'>, string> = {
  applicant: 'applicant@vakants.test',
  employer: 'employer@vakants.test',
  admin: 'admin@vakants.test',
  supervisor: 'supervisor@vakants.test',
};
/** An id no object has: the screens that show one object say it is not there, in their own way. */
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

/** Fills a pattern's parameters. */
function pathOf(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${pattern}`);
    return encodeURIComponent(value);
  });
}

/** Screens that show a loader as their content (the catalogue of shared components). */
const LOADERS_SHOWN = new Set(['samples']);

/** Waits until the screen is drawn: its main heading, and no loader or skeleton left. */
async function settled(page: Page, pattern: string) {
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 15_000 });
  if (!LOADERS_SHOWN.has(pattern)) await expect(page.locator('.mantine-Loader-root:visible')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('.mantine-Skeleton-root[data-visible="true"]:visible')).toHaveCount(0, { timeout: 15_000 });
}

/** The widths every screen is checked at: a desktop and a phone (the layout below Mantine's `sm`). */
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
];

/** Opens each screen of `role` at each width; what is wrong on any of them is reported together at the end. */
async function walk(page: Page, role: RouteRole, params: Record<string, string>) {
  const problems: string[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    for (const { pattern } of SCREEN_ROUTES.filter((route) => route.role === role && route.pattern !== 'logout')) {
      const path = `/en/${pathOf(pattern, params)}`;
      const where = `${path} at ${size.width} px`;
      await test.step(where, async () => {
        const response = await page.goto(path);
        if (response?.status() !== 200) problems.push(`${where}: the server answers ${response?.status()}`);
        try {
          await settled(page, pattern);
        } catch {
          problems.push(`${where}: the screen did not settle (no heading, or a loader that stays)`);
        }
        const refused = page.getByRole('heading', { level: 1, name: /^(Page not found|Access denied\.?)$/ });
        if (pattern !== '403' && (await refused.count()) > 0) problems.push(`${where}: shows "${await refused.first().textContent()}"`);
        const violations = await axeViolations(page);
        if (violations.length) problems.push(`${where}:\n${describeViolations(violations)}`);
      });
    }
    // on a phone the navigation is a menu behind the burger: open, as this role sees it
    if (size.width < 1024) {
      await test.step(`the menu at ${size.width} px`, async () => {
        await page.getByRole('button', { name: 'Open the menu' }).click();
        await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link').first()).toBeVisible();
        const violations = await axeViolations(page);
        // a picture to look at, only with SCREENSHOTS set
        if (process.env.SCREENSHOTS) await page.screenshot({ path: `e2e/screenshots/${size.width}-menu-${role}.png` });
        if (violations.length) problems.push(`the open menu at ${size.width} px:\n${describeViolations(violations)}`);
      });
    }
  }
  expect(problems, `screens of ${role} with problems:\n${problems.join('\n')}`).toEqual([]);
}

async function signInAs(page: Page, role: Exclude<RouteRole, 'visitor'>) {
  await page.goto('/en/login');
  await signIn(page, ACCOUNTS[role]);
  if (role === 'employer') await page.getByRole('button', { name: new RegExp(DEMO_COMPANY.name) }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** The first vacancy of the search. */
async function someVacancy(page: Page): Promise<string> {
  const search = await page.request.post('/api/open/search?page=0', { data: {} });
  return ((await search.json()) as { content: { vacancyId: string }[] }).content[0]!.vacancyId;
}

test('every public screen answers 200 and has no accessibility violation', async ({ page }) => {
  test.setTimeout(360_000);
  await page.goto('/en/');
  const vacancyId = await someVacancy(page);
  await walk(page, 'visitor', {
    vacancyId,
    code: 'EE',
    ...DEMO_COMPANY,
    username: 'applicant@vakants.test',
    token: 'not-a-token',
    linkId: NO_SUCH_ID,
  });
  const logout = await page.goto('/en/logout');
  expect(logout?.status()).toBe(200);
});

test("every applicant's screen answers 200 and has no accessibility violation", async ({ page }) => {
  test.setTimeout(360_000);
  await signInAs(page, 'applicant');
  const vacancies = (await (await page.request.get(`/api/open/companies/EE/${DEMO_COMPANY.registryCode}/vacancies?page=0`)).json()) as { content: { id?: string; vacancyId?: string }[] };
  const first = vacancies.content[0]!;
  // one of the demo applicant's own applications (the demo data gives them several)
  const mine = (await (await page.request.get('/api/applicant/applications/my?status=all')).json()) as { applicationId: string }[];
  await walk(page, 'applicant', { vacancyId: first.vacancyId ?? first.id!, paymentId: NO_SUCH_ID, applicationId: mine[0]!.applicationId });
});

test("every employer's screen answers 200 and has no accessibility violation", async ({ page, browser }) => {
  test.setTimeout(480_000);
  await signInAs(page, 'employer');
  // a candidate of one of the demo company's vacancies, applying as a new applicant
  const form = await ownVacancyTakingApplications(page);
  const applicant = await (await browser.newContext()).newPage();
  await registerApplicant(applicant, newEmail('route-walk'), ['Rene', 'Rada']);
  const cvId = await createCv(applicant, 'Cook for every route', ['Rene', 'Rada']);
  const applied = await callApi<{ applicationId?: string; id?: string }>(applicant, 'POST', '/api/applicant/applications', {
    vacancyId: form.vacancyId,
    cvId,
    coverLetter: 'Walking every route.',
    answers: form.questions.map((question) => ({ questionId: question.questionId, answer: 'Yes' })),
  });
  expect(applied.status).toBe(201);
  await applicant.context().close();
  const candidates = await callApi<{ applicationId: string }[]>(page, 'GET', `/api/employer/vacancies/${form.vacancyId}/applications`);
  await walk(page, 'employer', { vacancyId: form.vacancyId, applicationId: candidates.body[0]!.applicationId, cvId, paymentId: NO_SUCH_ID });
});

test("every administrator's screen answers 200 and has no accessibility violation", async ({ page }) => {
  test.setTimeout(360_000);
  await signInAs(page, 'admin');
  await walk(page, 'admin', { ...DEMO_COMPANY, vacancyId: await someVacancy(page) });
});

test("the supervisor's own screen answers 200 and has no accessibility violation", async ({ page }) => {
  test.setTimeout(60_000);
  await signInAs(page, 'supervisor');
  await walk(page, 'supervisor', {});
});
