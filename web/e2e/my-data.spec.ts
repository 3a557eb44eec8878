import { readFile } from 'node:fs/promises';

import { expect, test } from '@playwright/test';

import { chooseFiles, fillCvToAdditionalStep, PNG, zipEntryNames } from './cv-wizard';
import { newEmail, pdfWithText, registerApplicant } from './helpers';

test('an applicant attaches files to a CV, downloads its PDF and all their data, then deletes the account', async ({ page }) => {
  test.setTimeout(120_000);
  const email = newEmail('mydata');
  await registerApplicant(page, email);

  // the CV with a certificate's file and two portfolio files, uploaded in the wizard
  await page.goto('/en/account/create-cv');
  await fillCvToAdditionalStep(page, 'Pastry chef');
  await page.getByRole('button', { name: 'Add a certificate' }).click();
  await page.getByRole('textbox', { name: /^Certificate/ }).fill('Food hygiene');
  await page.getByRole('textbox', { name: /^Year/ }).fill('2021');
  // the browser refuses a wrong type or a too large file before sending it
  await chooseFiles(page, 'Attach a file', [{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') }]);
  await expect(page.getByText('Wrong file: it must be a PDF document or a PNG or JPG picture')).toBeVisible();
  await chooseFiles(page, 'Attach a file', [{ name: 'huge.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) }]);
  await expect(page.getByText('The file is too large')).toBeVisible();
  // the server decides by the content
  await chooseFiles(page, 'Attach a file', [{ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a PDF at all') }]);
  await expect(page.getByText(/^Wrong file:/)).toBeVisible();
  await chooseFiles(page, 'Attach a file', [{ name: 'food-hygiene.pdf', mimeType: 'application/pdf', buffer: pdfWithText('Food hygiene certificate') }]);
  const certificate = page.getByRole('link', { name: 'food-hygiene.pdf' });
  await expect(certificate).toBeVisible();
  await expect(certificate).toHaveAttribute('href', /^\/api\/user\/files\//);
  await expect(page.getByRole('button', { name: 'Attach a file' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Add a portfolio item' }).click();
  await page.getByRole('textbox', { name: /^Description/ }).fill('Wedding cakes');
  await chooseFiles(page, 'Attach files', [
    { name: 'cake.png', mimeType: 'image/png', buffer: PNG },
    { name: 'recipe.pdf', mimeType: 'application/pdf', buffer: pdfWithText('Recipe') },
  ]);
  await expect(page.getByRole('link', { name: 'cake.png' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'recipe.pdf' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove the file recipe.pdf' }).click();
  await expect(page.getByRole('link', { name: 'recipe.pdf' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save the CV' }).click();
  await expect(page).toHaveURL(/\/en\/account\/my-cv$/);

  // the generated PDF, under the server's name
  const card = page.getByRole('article', { name: 'Pastry chef' });
  const pdfDownload = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download PDF' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe('cv-mari-maasikas.pdf');
  expect((await readFile(await pdf.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(card.getByRole('button', { name: 'Download PDF' })).toBeEnabled();

  // the files survive an edit: shown by name again, and saved again with the CV
  await card.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeVisible();
  const cvId = new URL(page.url()).searchParams.get('cvId');
  for (let i = 0; i < 5; i += 1) await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('link', { name: 'food-hygiene.pdf' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'cake.png' })).toBeVisible();
  await page.getByRole('button', { name: 'Save the CV' }).click();
  await expect(page).toHaveURL(/\/en\/account\/my-cv$/);
  const saved = await (await page.request.get(`/api/user/cv/${cvId}`)).json();
  expect(saved.certificates[0].fileId).toBeTruthy();
  expect(saved.portfolio[0].fileIds).toHaveLength(1);

  // my data: the archive lists data.json and the files
  await page.goto('/en/account/my-data');
  await expect(page.getByRole('heading', { level: 1, name: 'My data' })).toBeVisible();
  const zipDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const zip = await zipDownload;
  expect(zip.suggestedFilename()).toMatch(/^vakants-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const entries = zipEntryNames(await readFile(await zip.path()));
  expect(entries).toContain('data.json');
  expect(entries.some((name) => name.startsWith('files/') && name.endsWith('food-hygiene.pdf'))).toBe(true);

  // deleting the account: the typed address must be the account's
  const field = page.getByLabel('Type your e-mail address to confirm');
  await field.fill('someone-else@example.ee');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('The e-mail address does not match your account')).toBeVisible();
  await field.fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account for good?' });
  await expect(dialog).toContainText(email);
  await dialog.getByRole('button', { name: 'Delete for good' }).click();

  // signed out on the home page
  await expect(page).toHaveURL(/\/en\/$/);
  await expect(page.getByText('Your account is deleted.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  expect((await page.request.get('/api/user/cv/' + cvId)).status()).toBe(401);
  await page.goto('/en/account/my-data');
  await expect(page).toHaveURL(/\/en\/login\?p=/);

  // the same address starts a fresh registration (consents and profile asked again), with none of the old data
  const newestCode = async () => {
    const mails = (await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { subject: string }[];
    return mails[0]?.subject.match(/\d{6}/)?.[0] ?? '';
  };
  const oldCode = await newestCode();
  await page.goto('/en/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('I accept the terms of use').check();
  await page.getByLabel('I agree to the processing of my personal data').check();
  await page.getByLabel('I accept the use of cookies').check();
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect.poll(newestCode).not.toBe(oldCode);
  await page.getByLabel('Code').fill(await newestCode());
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('First name')).toHaveValue('');
  await page.getByLabel('First name').fill('Mari');
  await page.getByLabel('Last name').fill('Maasikas');
  await page.getByLabel('Phone').fill('+37251234567');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'I am looking for a job' }).click();
  await expect(page).toHaveURL(/\/en\/account\/profile$/);
  await page.goto('/en/account/my-cv');
  await expect(page.getByRole('heading', { name: 'You have no CVs yet' })).toBeVisible();
  expect((await page.request.get(`/api/user/cv/${cvId}`)).status()).toBe(404);
});
