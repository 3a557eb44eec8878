import { expect, type Page } from '@playwright/test';

import { createCv, newEmail, pdfWithText, registerApplicant } from './helpers';

/**
 * An applicant's CV whose PDF holds `word`, visible in the CV database; waits until the worker has
 * read the PDF's text (what the CV-database search looks in). The applicant registers as `email`.
 */
export async function cvWithPdfWord(page: Page, word: string, title: string, name: [string, string], email = newEmail('cvbase')): Promise<string> {
  await registerApplicant(page, email, name);
  const cvId = await createCv(page, title, name);
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const upload = await page.request.post(`/api/applicant/cv/${cvId}/pdf?name=cv.pdf`, {
    data: pdfWithText(`Forklift driver and ${word} specialist`),
    headers: { 'Content-Type': 'application/pdf', 'X-XSRF-TOKEN': token },
  });
  expect(upload.status()).toBe(201);
  await expect
    .poll(async () => (await (await page.request.get(`/api/user/cv/${cvId}`)).json()).pdf.textStatus, { timeout: 20_000 })
    .toBe('extracted');
  return cvId;
}
