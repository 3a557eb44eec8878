import { expect, type Page, test } from '@playwright/test';

/** The newest one-time code sent to `email`, read from the dev outbox. */
export async function codeFor(page: Page, email: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
      const mails = (await response.json()) as { subject: string }[];
      code = mails[0]?.subject.match(/\d{6}/)?.[0] ?? '';
      return code;
    })
    .not.toBe('');
  return code;
}

/** A fresh address for a new account. */
export function newEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.ee`;
}

/** The newest code in the outbox for `email`, or the empty string. */
async function newestCode(page: Page, email: string): Promise<string> {
  const response = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const mails = (await response.json()) as { subject: string }[];
  return mails[0]?.subject.match(/\d{6}/)?.[0] ?? '';
}

/**
 * Steps 1 and 2 of sign-in for an existing account: e-mail, then the code from the outbox. Several
 * journeys sign in to the same demo account, so it waits for a code newer than the last one sent,
 * and for the minute the server keeps between two codes of one account.
 */
export async function signIn(page: Page, email: string, language: 'et' | 'en' | 'ru' = 'en'): Promise<void> {
  const labels = { et: ['E-post', 'Jätka', 'Kood'], en: ['E-mail', 'Continue', 'Code'], ru: ['E-mail', 'Продолжить', 'Код'] }[language];
  const previous = await newestCode(page, email);
  await page.getByLabel(labels[0]).fill(email);
  // one code a minute per account: when another journey has just signed in here, wait it out
  for (let attempt = 0; ; attempt++) {
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/auth/login') && response.request().method() === 'POST');
    await page.getByRole('button', { name: labels[1] }).click();
    const response = await answer;
    if (response.status() !== 429 || attempt >= 2) break;
    const seconds = Math.min(Number(response.headers()['retry-after']) || 60, 65);
    test.info().setTimeout(test.info().timeout + (seconds + 5) * 1000);
    await page.waitForTimeout(seconds * 1000 + 500);
  }
  await expect(page.getByLabel(labels[2])).toBeVisible();
  await expect.poll(() => newestCode(page, email)).not.toBe(previous);
  await page.getByLabel(labels[2]).fill(await newestCode(page, email));
  await page.getByRole('button', { name: labels[1] }).click();
}

/** Registers a new applicant in English (names and phone given) and waits for the profile page. */
export async function registerApplicant(page: Page, email: string): Promise<void> {
  await page.goto('/en/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('I accept the terms of use').check();
  await page.getByLabel('I agree to the processing of my personal data').check();
  await page.getByLabel('I accept the use of cookies').check();
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Code').fill(await codeFor(page, email));
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('First name').fill('Mari');
  await page.getByLabel('Last name').fill('Maasikas');
  await page.getByLabel('Phone').fill('+37251234567');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'I am looking for a job' }).click();
  await expect(page).toHaveURL(/\/en\/account\/profile$/);
}

/** Picks an option of a Mantine select (or multi-select) by the field's label. */
export async function choose(page: Page, label: string | RegExp, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** A small one-page PDF with `text` on it, with a correct cross-reference table. */
export function pdfWithText(text: string): Buffer {
  const stream = `BT /F1 18 Tf 40 120 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
