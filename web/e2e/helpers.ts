import { expect, type Page } from '@playwright/test';

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
 * journeys sign in to the same demo account, so it waits for a code newer than the last one sent.
 */
export async function signIn(page: Page, email: string, language: 'et' | 'en' | 'ru' = 'en'): Promise<void> {
  const labels = { et: ['E-post', 'Jätka', 'Kood'], en: ['E-mail', 'Continue', 'Code'], ru: ['E-mail', 'Продолжить', 'Код'] }[language];
  const previous = await newestCode(page, email);
  await page.getByLabel(labels[0]).fill(email);
  await page.getByRole('button', { name: labels[1] }).click();
  await expect(page.getByLabel(labels[2])).toBeVisible();
  await expect.poll(() => newestCode(page, email)).not.toBe(previous);
  await page.getByLabel(labels[2]).fill(await newestCode(page, email));
  await page.getByRole('button', { name: labels[1] }).click();
}
