import { deflateSync } from 'node:zlib';

import { expect, type Page, test } from '@playwright/test';

/** The newest one-time code sent to `email`, read from the dev outbox. */
export async function codeFor(page: Page, email: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      code = await newestCode(page, email);
      return code;
    })
    .not.toBe('');
  return code;
}

/** A fresh address for a new account (at `domain`: a company's domain in the register makes its claim pass at once). */
export function newEmail(prefix: string, domain = 'example.ee'): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@${domain}`;
}

interface OutboxMail {
  subject: string;
  text: string;
}

/** The mails sent to `email`, newest first. */
export async function outbox(page: Page, email: string): Promise<OutboxMail[]> {
  const response = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
  return (await response.json()) as OutboxMail[];
}

/** The code of the newest sign-in mail for `email` (other mails are passed over), or the empty string. */
async function newestCode(page: Page, email: string): Promise<string> {
  for (const mail of await outbox(page, email)) {
    const code = mail.subject.match(/\d{6}/)?.[0];
    if (code) return code;
  }
  return '';
}

/**
 * Steps 1 and 2 of sign-in for an existing account: e-mail, then the code from the outbox. Several
 * journeys sign in to the same demo account, so it waits for a code newer than the last one sent,
 * and for the time the server keeps between two codes of one account (a minute; 2 s with the
 * journeys' RELAXED_RATE_LIMITS). With `keyboard`, each step is typed into its focused field and sent
 * with Enter (the keyboard journeys).
 */
export async function signIn(
  page: Page,
  email: string,
  language: 'et' | 'en' | 'ru' = 'en',
  { keyboard = false, atCodeStep }: { keyboard?: boolean; atCodeStep?: () => Promise<void> } = {},
): Promise<void> {
  const labels = { et: ['E-post', 'Jätka', 'Kood'], en: ['E-mail', 'Continue', 'Code'], ru: ['E-mail', 'Продолжить', 'Код'] }[language];
  // with `keyboard`, each step's field has the focus: typed into, and sent with Enter
  const enter = async (label: string, text: string) => {
    if (!keyboard) return page.getByLabel(label).fill(text);
    await expect(page.getByLabel(label)).toBeFocused();
    await page.keyboard.type(text);
    // what was typed is in the field (a field drawn again while typing would have lost it)
    await expect(page.getByLabel(label)).toHaveValue(text);
  };
  const send = () => (keyboard ? page.keyboard.press('Enter') : page.getByRole('button', { name: labels[1] }).click());
  const previous = await newestCode(page, email);
  await enter(labels[0], email);
  // codes of one account are spaced out: when another journey has just signed in here, wait it out
  for (let attempt = 0; ; attempt++) {
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/auth/login') && response.request().method() === 'POST');
    await send();
    const response = await answer;
    if (response.status() !== 429 || attempt >= 2) break;
    const seconds = Math.min(Number(response.headers()['retry-after']) || 60, 65);
    test.info().setTimeout(test.info().timeout + (seconds + 5) * 1000);
    await page.waitForTimeout(seconds * 1000 + 500);
  }
  await expect(page.getByLabel(labels[2])).toBeVisible();
  if (atCodeStep) await atCodeStep();
  await expect.poll(() => newestCode(page, email)).not.toBe(previous);
  await enter(labels[2], await newestCode(page, email));
  // the session exists once the code's answer is in: a `page.goto` right after would cancel it
  const verified = page.waitForResponse((response) => response.url().includes('/api/auth/verify-otp') && response.request().method() === 'POST');
  await send();
  expect((await verified).ok(), `signing in as ${email}`).toBe(true);
}

/**
 * Registration in English up to the role step: e-mail, the three consents, the code, then the
 * profile's names and phone.
 */
export async function signUp(page: Page, email: string, name: [string, string], phone = '+37251234567'): Promise<void> {
  await page.goto('/en/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('I accept the terms of use').check();
  await page.getByLabel('I agree to the processing of my personal data').check();
  await page.getByLabel('I accept the use of cookies').check();
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Code').fill(await codeFor(page, email));
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('First name').fill(name[0]);
  await page.getByLabel('Last name').fill(name[1]);
  await page.getByLabel('Phone').fill(phone);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Registers a new applicant in English (names and phone given) and waits for the profile page. */
export async function registerApplicant(page: Page, email: string, name: [string, string] = ['Mari', 'Maasikas']): Promise<void> {
  await signUp(page, email, name);
  await page.getByRole('button', { name: 'I am looking for a job' }).click();
  await expect(page).toHaveURL(/\/en\/account\/profile$/);
}

/** An API call made by the page itself: its session cookie and the anti-forgery header. */
export async function callApi<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const cookie = document.cookie.split('; ').find((pair) => pair.startsWith('XSRF-TOKEN='));
      const token = cookie ? decodeURIComponent(cookie.slice('XSRF-TOKEN='.length)) : '';
      const response = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': token },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    { method, path, body },
  );
}

/** A finished CV for the signed-in applicant, made through the API (the wizard is its own screen). */
export async function createCv(page: Page, title: string, name: [string, string] = ['Mari', 'Maasikas']): Promise<string> {
  const created = await callApi<{ cvId: string }>(page, 'POST', '/api/applicant/cv', {
    title,
    firstname: name[0],
    lastname: name[1],
    phoneNumber: '+37251234567',
    dateOfBirth: '1990-05-17',
    gender: 'FEMALE',
    employmentType: 'FULL_TIME',
    workLocation: 'Tallinn',
    workLocationCode: '0784',
    categories: ['CATERING'],
  });
  expect(created.status).toBe(200);
  return created.body.cvId;
}

export interface ApplyForm {
  vacancyId: string;
  cvNotRequired: boolean;
  applyLink?: string | null;
  questions: { questionId: string; question: string }[];
}

/** The first vacancy of the search's first page whose form asks questions and matches `want`. */
export async function vacancyWithQuestions(page: Page, want: (form: ApplyForm) => boolean = () => true): Promise<ApplyForm> {
  const search = await callApi<{ content: { vacancyId: string }[] }>(page, 'POST', '/api/open/search?page=0', {});
  for (const { vacancyId } of search.body.content) {
    const form = (await (await page.request.get(`/api/open/vacancies/${vacancyId}/apply`)).json()) as ApplyForm;
    if (form.questions.length > 0 && !form.applyLink && want(form)) return form;
  }
  throw new Error('no vacancy with questions on the first page of the search');
}

/** An open vacancy of the employer's acting company that takes applications here (no external apply link); `page` is signed in as the employer. */
export async function ownVacancyTakingApplications(page: Page): Promise<ApplyForm> {
  const active = await callApi<{ content: { id: string }[] }>(page, 'GET', '/api/employer/vacancies?status=active');
  for (const { id } of active.body.content) {
    const form = (await (await page.request.get(`/api/open/vacancies/${id}/apply`)).json()) as ApplyForm;
    if (!form.applyLink) return form;
  }
  throw new Error('the acting company has no vacancy taking applications');
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

/** The map tiles' server; these journeys run offline, so a test stands in for it when it needs tiles. */
export const MAP_TILES = 'https://tile.openstreetmap.org/**';

/** A 256 px map tile in OpenStreetMap's land colour with a faint grid, as a PNG. */
export function placeholderTile(): Buffer {
  const size = 256;
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0);
    for (let x = 0; x < size; x++) {
      const line = x % 64 === 0 || y % 64 === 0;
      rows.push(...(line ? [221, 216, 206] : [242, 239, 233]));
    }
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const check = Buffer.alloc(4);
    check.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, check]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.from(rows))), chunk('IEND', Buffer.alloc(0))]);
}

/** Answers the map's tile requests with a plain tile, so a map shows as it would online. */
export async function servePlaceholderTiles(page: Page) {
  const tile = placeholderTile();
  await page.route(MAP_TILES, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: tile }));
}

/**
 * Collects the Content-Security-Policy violations of a page (api/src/security_headers.rs), caught
 * twice: the `securitypolicyviolation` event of the page and the console's report.
 */
export async function watchPolicy(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportPolicyViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportPolicyViolation: (text: string) => void }).reportPolicyViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  page.on('console', (message) => {
    if (/Content[ -]Security[ -]Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}
