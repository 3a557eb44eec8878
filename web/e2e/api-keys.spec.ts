import { execFileSync } from 'node:child_process';

import { expect, test } from '@playwright/test';

import { signIn } from './helpers';

const DEMO_COMPANY = 'Vakants Demo OÜ';

/** A draft as an integration posts it: the document's lists and flags, a cook, the CRM's own id. */
function vacancy(externalId: string, teaser: string) {
  return {
    externalId,
    occupationCode: 'COOK',
    categoryCodes: ['CATERING'],
    employmentTypeCode: 'FULL_TIME',
    countryCode: 'EE',
    contents: [{ languageCode: 'et', teaser, content: '{"ops":[{"insert":"Tule meile kokaks.\\n"}]}' }],
    salaryByAgreement: true,
    remoteWork: false,
    shiftWork: false,
    galleryFileIds: [],
    questions: [],
    languages: [],
    driverLicences: [],
    cvNotRequired: true,
    forDisabled: false,
    forForeigners: false,
    forRetired: false,
    forStudents: false,
    forUnderage: false,
  };
}

/** `curl` as an integration runs it: the key only, no cookies; answers the status and the body. */
function curlPost(baseURL: string, key: string, body: unknown): { status: number; body: { id: string; externalId: string; contents: { teaser: string }[] } } {
  const out = execFileSync(
    'curl',
    ['-sS', '-w', '\n%{http_code}', '-H', `Authorization: Bearer ${key}`, '-H', 'Content-Type: application/json', '--data', JSON.stringify(body), `${baseURL}/api/employer/vacancies/create`],
    { encoding: 'utf8' },
  );
  const at = out.lastIndexOf('\n');
  return { status: Number(out.slice(at + 1)), body: JSON.parse(out.slice(0, at)) };
}

test('the supervisor creates an API key in the tab, an integration posts a vacancy with it through curl, and it is in my vacancies', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/en/login');
  await signIn(page, 'employer@vakants.test');
  await page.getByRole('button', { name: new RegExp(DEMO_COMPANY) }).click();
  await expect(page).toHaveURL(/\/en\/employer\/account\/my-company$/);

  await page.getByRole('tab', { name: 'API keys' }).click();
  await expect(page).toHaveURL(/\?tab=api-keys$/);
  const title = `Playwright CRM ${Date.now()}`;
  await page.getByRole('button', { name: 'Create an API key' }).click();
  const form = page.getByRole('dialog', { name: 'Create an API key' });
  await form.getByRole('textbox', { name: /Title/ }).fill(title);
  await form.getByRole('button', { name: 'Create' }).click();

  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(shown.getByRole('alert')).toContainText('It is shown only this once');
  const key = await shown.getByRole('textbox', { name: 'API key' }).inputValue();
  expect(key).toMatch(/^vk_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'Copy' }).click();
  await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  const card = page.getByRole('article', { name: title });
  await expect(card).toContainText(`${key.slice(0, 11)}…`);
  await expect(card).toContainText('Never used');

  // the integration: curl with the key only
  const externalId = `pw-${Date.now()}`;
  const created = curlPost(baseURL!, key, vacancy(externalId, 'Ootame kokka'));
  expect(created.status).toBe(201);
  expect(created.body.externalId).toBe(externalId);
  const updated = curlPost(baseURL!, key, vacancy(externalId, 'Ootame kokka ja abikokka'));
  expect(updated.status).toBe(200);
  expect(updated.body.id).toBe(created.body.id);
  expect(updated.body.contents[0].teaser).toBe('Ootame kokka ja abikokka');

  await page.reload();
  await expect(page.getByRole('article', { name: title })).toContainText('Last used');

  // the staff see the vacancy among the drafts of my vacancies
  await page.goto('/en/employer/account/my-vacancies?tab=drafts');
  await expect(page.locator(`a[href*="${created.body.id}"]`).first()).toBeVisible();

  // revoked, the key lets nothing in
  await page.goto('/en/employer/account/my-company?tab=api-keys');
  await page.getByRole('article', { name: title }).getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog', { name: 'Revoke the API key' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByRole('article', { name: title })).toBeHidden();
  expect(curlPost(baseURL!, key, vacancy(externalId, 'x')).status).toBe(401);
  await context.close();
});
