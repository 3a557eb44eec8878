import { expect, type Page, test } from '@playwright/test';

import { fillCvToAdditionalStep } from './cv-wizard';
import { newEmail, registerApplicant, servePlaceholderTiles, watchPolicy } from './helpers';

// The app runs under the server's Content-Security-Policy (api/src/security_headers.rs): every
// page, the sign-in and the CV wizard, and the API reference, without one violation.

/** The page's policy as the server sent it. */
async function policyOf(page: Page, path: string): Promise<string> {
  const response = await page.request.get(path);
  return response.headers()['content-security-policy'] ?? '';
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('the public pages run under the policy without a violation', async ({ page }) => {
  test.setTimeout(90_000);
  const violations = await watchPolicy(page);
  await servePlaceholderTiles(page);

  const policy = await policyOf(page, '/en/vacancies');
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+';/);
  expect(policy).not.toMatch(/script-src[^;]*unsafe/);

  // the home page: the server's first screen, then the app takes over (its starter is an inline script)
  await page.goto('/en/');
  await expect(page.getByRole('link', { name: 'Vacancies' }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');

  // the search page with the answers the server put into it, then a vacancy and its company
  await page.goto('/en/vacancies');
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeVisible();
  const first = page.getByRole('article').first().getByRole('link').first();
  const title = ((await first.textContent()) ?? '').trim();
  await first.click();
  await expect(page).toHaveURL(/\/en\/vacancies\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // a vacancy page loaded as such (JSON-LD and the page's data in the HTML)
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.waitForLoadState('networkidle');

  // the demo company's page with its map (tiles from the map's server)
  await page.goto('/en/companies/EE/14000009');
  await expect(page.getByRole('heading', { level: 1, name: 'Vakants Demo OÜ' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Zoom in' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  for (const [path, heading] of [
    ['/en/companies/EE', 'All employers'],
    ['/en/categories', 'Categories'],
    ['/en/locations/EE', /.+/],
    ['/en/prices-and-services', /.+/],
    ['/en/about-us', /.+/],
    ['/et/contacts', /.+/],
    ['/ru/faq-applicants', /.+/],
    ['/en/no-such-page', /.+/],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(violations).toEqual([]);
});

test('sign-in and the CV wizard run under the policy without a violation', async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await watchPolicy(page);

  await registerApplicant(page, newEmail('csp'));
  await page.goto('/en/account/create-cv');
  await fillCvToAdditionalStep(page, 'Baker');
  await page.getByRole('textbox', { name: /^About me/ }).fill('Bread and pastry.');
  await page.getByRole('button', { name: 'Save the CV' }).click();
  await expect(page).toHaveURL(/\/en\/account\/my-cv$/);
  await expect(page.getByRole('article', { name: 'Baker' })).toBeVisible();
  await page.goto('/en/account/calendar');
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});

test('the API reference loads from the app itself and runs under its policy', async ({ page }) => {
  const violations = await watchPolicy(page);
  const elsewhere: string[] = [];
  const origin = new URL(page.url() === 'about:blank' ? test.info().project.use.baseURL! : page.url()).origin;
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== origin) elsewhere.push(request.url());
  });

  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: 'Vakants API', exact: true }).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Passwordless sign-in').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  if (process.env.CSP_DOCS_SCREENSHOT) await page.screenshot({ path: process.env.CSP_DOCS_SCREENSHOT });
  expect(elsewhere).toEqual([]);
  expect(violations).toEqual([]);
});
