import { type Browser, expect, type Page, test } from '@playwright/test';

import { expectNoAxeViolations } from './axe';
import { callApi, newEmail, outbox, signIn, signUp } from './helpers';
import { findableWord, signInAs } from './vacancy-wizard';

interface SearchPage {
  content: { vacancyId: string; businessName: string; occupation: { labels: Record<string, string> } }[];
}

async function search(page: Page): Promise<SearchPage> {
  const answer = await callApi<SearchPage>(page, 'POST', '/api/open/search?size=100&page=0', {});
  expect(answer.status).toBe(200);
  return answer.body;
}

async function searchable(page: Page, vacancyId: string): Promise<boolean> {
  return (await search(page)).content.some((card) => card.vacancyId === vacancyId);
}

test('a visitor reports an ad, an administrator takes it down from the queue and it leaves the search', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.goto('/en');
  // a live ad of a company other than the demo one, which other journeys use
  const target = (await search(page)).content.find((card) => card.businessName !== 'Vakants Demo OÜ');
  expect(target, 'a live ad to report').toBeDefined();
  const title = target!.occupation.labels.en ?? target!.occupation.labels.et;

  await page.goto(`/en/vacancies/${target!.vacancyId}`);
  await page.getByRole('button', { name: 'Report this ad' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this ad' });
  await dialog.getByRole('button', { name: 'Send the report' }).click();
  await expect(dialog.getByText('Choose a reason')).toBeVisible();
  await dialog.getByRole('radio', { name: 'A scam, or it asks for money' }).check();
  await dialog.getByLabel('Tell us more (optional)').fill('They ask for a fee for the training before you start.');
  await expectNoAxeViolations(page, 'the report dialog');
  await dialog.getByRole('button', { name: 'Send the report' }).click();
  await expect(dialog.getByText('Thank you for the report')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto('/en/login');
  await signIn(admin, 'admin@vakants.test');
  await expect(admin).toHaveURL(/\/en\/admin\/companies$/);
  await admin.goto('/en/admin/moderation');
  await expect(admin.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
  const card = admin.getByRole('article').filter({ hasText: 'They ask for a fee for the training' });
  await expect(card).toBeVisible();
  await expect(card.getByText('A scam, or it asks for money')).toBeVisible();
  await expect(card.getByRole('heading', { name: 'The company' })).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Signals' })).toBeVisible();
  await expectNoAxeViolations(admin, 'the moderation queue');

  await card.getByRole('button', { name: /^Take down: / }).click();
  const reason = admin.getByRole('dialog', { name: /^Take down/ });
  await reason.getByLabel(/Reason/).fill('Asks applicants to pay for training');
  await expectNoAxeViolations(admin, 'the take-down dialog');
  await reason.getByRole('button', { name: 'Take the ad down' }).click();
  await expect(admin.getByText(`“${title}” is taken down`)).toBeVisible();
  await expect(card).toHaveCount(0);

  await expect.poll(() => searchable(page, target!.vacancyId), { timeout: 15_000 }).toBe(false);
  expect((await callApi(page, 'GET', `/api/open/vacancies/${target!.vacancyId}`)).status).toBe(404);
  await adminContext.close();
});

/** A vacancy of the signed-in employer's acting company, with `text` as its Estonian text: created and published. */
async function publishAd(page: Page, text: string): Promise<{ id: string; review: string; invoiceId: string }> {
  const created = await callApi<{ id: string }>(page, 'POST', '/api/employer/vacancies/create', {
    occupationCode: 'COOK', categoryCodes: ['CATERING'], employmentTypeCode: 'FULL_TIME', countryCode: 'EE', ehakCode: '0784',
    address: 'Harju maakond, Tallinn, Narva mnt 5', salaryFrom: 1500, salaryTo: 2000, salaryPeriodCode: 'MONTH', salaryByAgreement: false,
    remoteWork: false, shiftWork: false,
    contents: [{ languageCode: 'et', teaser: 'Ootame kokka', content: JSON.stringify({ ops: [{ insert: `${text}\n` }] }) }],
    galleryFileIds: [], questions: [], languages: [], driverLicences: [], publishAt: new Date().toISOString(),
    cvNotRequired: false, forDisabled: false, forForeigners: false, forRetired: false, forStudents: false, forUnderage: false,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const published = await callApi<{ review: { status: string }; invoice: { id: string } }>(page, 'PUT', `/api/employer/vacancies/${created.body.id}/status`, {
    status: 'EXISTS', productCodes: ['VACANCY'],
  });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  return { id: created.body.id, review: published.body.review.status, invoiceId: published.body.invoice.id };
}

/** Pays an invoice in the dev sandbox, as its payer. */
async function pay(page: Page, invoiceId: string): Promise<void> {
  expect((await callApi(page, 'POST', `/api/dev/invoices/${invoiceId}/pay`)).status).toBeLessThan(300);
}

/** Whether the search page for `word` (found only in the journey's ad) lists the ad, a cook's card. */
async function listedOnSearchPage(page: Page, word: string): Promise<boolean> {
  await page.goto(`/en/vacancies?occupation=${word}`);
  const card = page.getByRole('article', { name: 'Cook' });
  await expect(card.or(page.getByText('No vacancies match this search.')).first()).toBeVisible();
  return (await card.count()) > 0;
}

async function signInAdmin(browser: Browser): Promise<{ admin: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await admin.goto('/en/login');
  await signIn(admin, 'admin@vakants.test');
  await expect(admin).toHaveURL(/\/en\/admin\/companies$/);
  return { admin, close: () => context.close() };
}

/** Sets the rule "first ads of a company without a contract that wait" on the moderation page. */
async function setFirstAdsRule(admin: Page, value: string): Promise<void> {
  await admin.goto('/en/admin/moderation');
  const rules = admin.getByRole('region', { name: 'Rules' });
  await rules.getByLabel('First ads of a company without a contract that wait').fill(value);
  await rules.getByRole('button', { name: 'Save the rules' }).click();
  await expect(admin.getByText('The rules are saved')).toBeVisible();
}

test('a visitor reports an ad as a scam; an administrator rejects it with a reason from the queue; it leaves the search at once and the employer reads why in my vacancies and in a mail', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // the demo employer's company that never gets a contract publishes an ad, pays it, and it goes
  // live at once, to be reviewed after (no rule holds it back)
  await signInAs(page, /Tartu Näidisehitus AS/);
  const word = findableWord();
  const ad = await publishAd(page, `${word}: enne tööle asumist tuleb maksta koolituse eest 200 eurot.`);
  expect(ad.review).toBe('UNREVIEWED');
  await pay(page, ad.invoiceId);

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await expect.poll(() => listedOnSearchPage(visitor, word), { timeout: 15_000 }).toBe(true);
  await visitor.getByRole('article', { name: 'Cook' }).getByRole('link', { name: 'Cook' }).click();
  await expect(visitor).toHaveURL(new RegExp(`/en/vacancies/${ad.id}`));
  await visitor.getByRole('button', { name: 'Report this ad' }).click();
  const dialog = visitor.getByRole('dialog', { name: 'Report this ad' });
  await dialog.getByRole('radio', { name: 'A scam, or it asks for money' }).check();
  await dialog.getByLabel('Tell us more (optional)').fill(`${word} wants money for the training before you start.`);
  await expectNoAxeViolations(visitor, 'the report dialog');
  await dialog.getByRole('button', { name: 'Send the report' }).click();
  await expect(dialog.getByText('Thank you for the report')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  const { admin, close } = await signInAdmin(browser);
  await admin.goto('/en/admin/moderation');
  await expect(admin.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
  const card = admin.getByRole('article').filter({ hasText: `${word} wants money for the training` });
  await expect(card).toBeVisible();
  await expect(card.getByText('A scam, or it asks for money')).toBeVisible();
  await expect(card.getByText('Live, not yet reviewed')).toBeVisible();
  // its signals: the training fee the text asks for
  await expect(card.getByRole('heading', { name: 'Signals' })).toBeVisible();
  await expect(card.getByText('Scam pattern')).toBeVisible();
  await expect(card.getByText(/TRAINING_FEE/)).toBeVisible();
  await expectNoAxeViolations(admin, 'the moderation queue');

  await card.getByRole('button', { name: /^Reject: / }).click();
  const reason = admin.getByRole('dialog', { name: /^Reject/ });
  await expect(reason.getByText(/leaves the search and its page at once/)).toBeVisible();
  await reason.getByRole('button', { name: 'Reject the ad' }).click();
  await expect(reason.getByText('Give the reason')).toBeVisible();
  await reason.getByLabel(/Reason/).fill(`Asks applicants to pay for training (${word})`);
  await expectNoAxeViolations(admin, 'the rejection dialog');
  await reason.getByRole('button', { name: 'Reject the ad' }).click();
  await expect(admin.getByText('“Cook” is rejected')).toBeVisible();
  await expect(card).toHaveCount(0);
  await close();

  // out of the search at once (its index job), and its page is gone
  await expect.poll(() => listedOnSearchPage(visitor, word), { timeout: 15_000 }).toBe(false);
  await expectNoAxeViolations(visitor, 'the search without the rejected ad');
  expect((await callApi(visitor, 'GET', `/api/open/vacancies/${ad.id}`)).status).toBe(404);
  await visitorContext.close();

  // the employer: the reason on the ad in my vacancies (its run ended: among the finished ones)
  await page.goto('/en/employer/account/my-vacancies?tab=finished');
  await expect(page.getByText(`Rejected: Asks applicants to pay for training (${word})`)).toBeVisible();
  await expectNoAxeViolations(page, 'my vacancies with a rejected ad');
  // and in a mail, in the account's language, in the dev outbox
  await expect
    .poll(async () => (await outbox(page, 'employer@vakants.test')).some((mail) => mail.text.includes(`Asks applicants to pay for training (${word})`)))
    .toBe(true);
});

test('the first ad of a new company without a contract waits for review, is approved by an administrator and goes live', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const { admin, close } = await signInAdmin(browser);
  // the administrator holds back the first ad of a company without a contract (put back at the end)
  await setFirstAdsRule(admin, '1');
  await expectNoAxeViolations(admin, 'the moderation page with the rule on');
  try {
    // a new company: a claim of a register company that the register does not confirm, approved
    const email = newEmail('moderated');
    await signUp(page, email, ['Mall', 'Mets'], '+372 5555 3131');
    await page.getByRole('button', { name: 'I am an employer' }).click();
    const chooser = page.getByRole('combobox', { name: 'Company' });
    // a register company no other journey claims ("emajõe" is the CV-database journey's, which gives
    // its company a contract, and "kalev" the administrators'), and one of them at random, so that a
    // retry claims a company with no ads yet
    await chooser.fill('toompea');
    const options = page.getByRole('option');
    await expect(options.first()).toBeVisible();
    await options.nth(Math.floor(Math.random() * (await options.count()))).click();
    const [, name] = /^(.*) \((\d+)\)$/.exec(await chooser.inputValue())!;
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible();
    await admin.goto('/en/admin/companies');
    await admin.getByRole('table', { name: 'Claims waiting for a decision' }).getByRole('button', { name: `Approve: ${name}, ${email}` }).click();
    await expect(admin.getByText('Claim approved')).toBeVisible({ timeout: 20_000 });
    await page.context().clearCookies();
    await page.goto('/en/login');
    await signIn(page, email);
    await expect(page).toHaveURL(/\/en\/employer\/account\/my-company$/);

    // its first ad waits for review, paid or not
    const word = findableWord();
    const ad = await publishAd(page, `${word}: köök ootab uut kokka.`);
    expect(ad.review).toBe('PENDING');
    await pay(page, ad.invoiceId);
    await page.goto('/en/employer/account/my-vacancies?tab=active');
    await expect(page.getByText('Waiting for review').first()).toBeVisible();
    await expectNoAxeViolations(page, 'my vacancies with an ad waiting for review');
    expect(await listedOnSearchPage(page, word)).toBe(false);

    // the administrator opens it from the queue in its admin view and approves it
    await admin.goto('/en/admin/moderation');
    const card = admin.getByRole('article').filter({ hasText: `${word}: köök ootab uut kokka` });
    await expect(card.getByText('Waiting for review')).toBeVisible();
    await expect(card.getByText('No contract')).toBeVisible();
    await card.getByRole('link', { name: 'Admin view: Cook' }).click();
    await expect(admin).toHaveURL(new RegExp(`/en/admin/moderation/vacancies/${ad.id}$`));
    await expect(admin.getByRole('heading', { level: 1, name: 'Ad in moderation' })).toBeVisible();
    const view = admin.getByRole('article', { name: 'Cook' });
    await expect(view.getByText(`${word}: köök ootab uut kokka`)).toBeVisible();
    await expect(view.getByRole('heading', { name: 'Signals' })).toBeVisible();
    await expectNoAxeViolations(admin, "the ad's admin view");
    await view.getByRole('button', { name: 'Approve: Cook' }).click();
    await expect(admin.getByText('“Cook” is approved')).toBeVisible();
    await expect(view.getByText('Approved')).toBeVisible();

    // it goes live: job seekers find it
    await expect.poll(() => listedOnSearchPage(page, word), { timeout: 15_000 }).toBe(true);
    await expectNoAxeViolations(page, 'the search with the approved ad');
    await page.goto('/en/employer/account/my-vacancies?tab=active');
    await expect(page.getByText('Waiting for review')).toHaveCount(0);
  } finally {
    await setFirstAdsRule(admin, '0');
    await close();
  }
});
