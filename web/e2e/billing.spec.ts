import { type Browser, expect, type Page, test } from '@playwright/test';

import { callApi, signIn, watchPolicy } from './helpers';
import { fillBasicInfo, findableWord, heading, setContract, signInAs } from './vacancy-wizard';

/**
 * Pictures to look at are taken only with SCREENSHOTS set, at both widths, of the page as it is
 * (a dialog or drawer: of the window only, as the page behind it does not scroll).
 */
async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    await page.waitForTimeout(400);
    await page.screenshot({ path: `e2e/screenshots/${width}-billing-${name}.png`, fullPage });
  }
  await page.setViewportSize(size);
}

/** A camt.053 statement of the seller's account with one credit quoting `reference` (fixtures/bank has a full sample). */
function statement(reference: string, amount: string, invoiceNumber: string): string {
  const id = `E2E-${Date.now()}`;
  const day = new Date().toISOString().slice(0, 10);
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>${id}</MsgId><CreDtTm>${day}T08:00:00+02:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>${id}</Id>
      <CreDtTm>${day}T08:00:00+02:00</CreDtTm>
      <Acct><Id><IBAN>EE382200221020145685</IBAN></Id><Ccy>EUR</Ccy></Acct>
      <Ntry>
        <NtryRef>1</NtryRef>
        <Amt Ccy="EUR">${amount}</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>${day}</Dt></BookgDt>
        <AcctSvcrRef>${id}-1</AcctSvcrRef>
        <NtryDtls>
          <TxDtls>
            <Refs><AcctSvcrRef>${id}-1</AcctSvcrRef></Refs>
            <RltdPties><Dbtr><Nm>Tartu Näidisehitus AS</Nm></Dbtr></RltdPties>
            <RmtInf>
              <Ustrd>Arve ${invoiceNumber}</Ustrd>
              <Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>${reference}</Ref></CdtrRefInf></Strd>
            </RmtInf>
          </TxDtls>
        </NtryDtls>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

/** An administrator imports a bank statement (`POST /api/admin/bank-statements`, multipart `file`). */
async function importStatement(browser: Browser, xml: string): Promise<{ matched: { invoiceNumber: string; amountCents: number }[] }> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await admin.goto('/en/login');
  await signIn(admin, 'admin@vakants.test');
  await expect(admin).toHaveURL(/\/en\/admin\/companies$/);
  const token = (await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await admin.request.post('/api/admin/bank-statements', {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(token) },
    multipart: { file: { name: 'statement.xml', mimeType: 'application/xml', buffer: Buffer.from(xml) } },
  });
  expect(response.status()).toBe(200);
  const result = await response.json();
  await context.close();
  return result;
}

test('a company without a contract pays its vacancy online in the sandbox, then buys 3 days of CV access paid by bank transfer', async ({ page, browser }) => {
  test.setTimeout(240_000);
  // the dialogs' rules (zod) and the return page run under the server's Content-Security-Policy
  const violations = await watchPolicy(page);
  await setContract(browser, '10000001', false);
  await signInAs(page, /Tartu Näidisehitus AS/);
  const word = findableWord();

  // publishing makes the invoice: the vacancy waits for its payment
  await page.goto('/en/employer/account/my-vacancies/create-vacancy');
  await fillBasicInfo(page, word);
  await page.getByRole('button', { name: 'Publishing' }).click();
  await heading(page, 'Publishing');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Your vacancy is waiting for payment' })).toBeVisible();
  const vacancyId = /my-vacancies\/([0-9a-f-]{36})\//.exec(page.url())![1]!;

  // paying online: the payment choice, the provider's (sandbox) page, back to the return page
  await page.getByRole('button', { name: 'Pay now' }).click();
  const pay = page.getByRole('dialog', { name: 'Pay the invoice' });
  await pay.getByRole('radio', { name: 'By card' }).check();
  await shoot(page, 'payment-choice', false);
  await pay.getByRole('button', { name: 'Go to payment' }).click();
  await expect(page).toHaveURL(/\/api\/dev\/payment-sandbox\//);
  await page.getByRole('button', { name: 'Paid' }).click();
  await expect(page).toHaveURL(/\/en\/employer\/account\/payment\/[0-9a-f-]{36}\?order-token=/);
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  await shoot(page, 'payment-received');
  await page.getByRole('link', { name: 'Open the vacancy' }).click();
  await expect(page).toHaveURL(new RegExp(`/en/employer/account/my-vacancies/${vacancyId}/preview$`));

  // the vacancy is live and job seekers find it
  await page.goto(`/en/vacancies/${vacancyId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Cook' })).toBeVisible();
  await page.goto('/en/vacancies');
  await page.getByLabel('Job title or keyword').fill(word);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('article').filter({ hasText: 'Tartu Näidisehitus AS' }).first()).toBeVisible({ timeout: 10_000 });

  // 3 days of CV-database access, ordered from my services and paid by bank transfer; until then
  // the CV database is closed to the company
  const closed = await callApi<{ code: string }>(page, 'POST', '/api/employer/search-cv', { search: 'kokk' });
  expect(closed.status).toBe(403);
  expect(closed.body.code).toBe('cv_database_access_required');
  await page.goto('/en/employer/account/my-services');
  await expect(page.getByRole('region', { name: /^Active/ })).toBeVisible();
  await page.getByRole('button', { name: 'Buy CV-database access' }).click();
  const buy = page.getByRole('dialog', { name: 'Buy CV-database access' });
  const byDay = buy.getByRole('radio', { name: /^Days of access/ });
  if (await byDay.count()) await byDay.check();
  await buy.getByRole('textbox', { name: /Number of days/ }).fill('3');
  await expect(buy.getByText(/^Total €107\.88/)).toBeVisible();
  await shoot(page, 'buy-cv-access', false);
  await buy.getByRole('button', { name: 'Order and pay' }).click();
  const ordered = buy.getByText(/^Invoice \d{4}-\d{6} · total €107\.88$/);
  await expect(ordered).toBeVisible();
  const invoiceNumber = /\d{4}-\d{6}/.exec((await ordered.textContent()) ?? '')![0];
  await buy.getByRole('radio', { name: 'By bank transfer' }).check();
  await buy.getByRole('button', { name: 'Confirm' }).click();
  const bank = buy.getByRole('table', { name: 'Bank details' });
  await expect(bank).toBeVisible();
  const reference = ((await bank.getByRole('row', { name: /Reference number/ }).getByRole('cell').textContent()) ?? '').trim();
  expect(reference).toMatch(/^\d+$/);
  await shoot(page, 'bank-details', false);
  await buy.getByRole('button', { name: 'Done' }).click();

  await page.goto('/en/employer/account/my-invoices?tab=unpaid');
  await expect(page.getByRole('article', { name: `Invoice ${invoiceNumber}` }).or(page.getByRole('row', { name: `Invoice ${invoiceNumber}` }))).toBeVisible();
  await shoot(page, 'invoices-unpaid');

  // the bank's statement arrives: the credit quoting the reference number pays the invoice
  const imported = await importStatement(browser, statement(reference, '107.88', invoiceNumber));
  expect(imported.matched).toEqual([expect.objectContaining({ invoiceNumber, amountCents: 10788 })]);

  await page.goto('/en/employer/account/my-invoices?tab=paid');
  await page.getByRole('button', { name: `Open invoice ${invoiceNumber}` }).click();
  const drawer = page.getByRole('dialog', { name: `Invoice ${invoiceNumber}` });
  await expect(drawer.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(drawer.getByRole('table', { name: 'Payments' }).getByRole('row', { name: /Bank transfer/ })).toBeVisible();
  await shoot(page, 'invoice-paid', false);
  // its documents: the PDF and the e-invoice the links lead to
  for (const [name, type] of [[`PDF of invoice ${invoiceNumber}`, 'application/pdf'], [`E-invoice (XML) of invoice ${invoiceNumber}`, 'xml']]) {
    const document = await page.request.get((await drawer.getByRole('link', { name }).getAttribute('href'))!);
    expect(document.status()).toBe(200);
    expect(document.headers()['content-type']).toContain(type);
  }

  // the CV database is open to the company: its search answers (the search screen is issue 18's)
  await page.goto('/en/employer/account/my-services');
  await expect(page.getByRole('region', { name: /^Active/ }).getByRole('article', { name: /CV database/ }).first()).toBeVisible();
  const offer = await callApi<{ access: { active: boolean; endsAt: string | null } }>(page, 'GET', '/api/employer/products/cv-base');
  expect(offer.body.access.active).toBe(true);
  const open = await callApi<{ content: unknown[] }>(page, 'POST', '/api/employer/search-cv', { search: 'kokk' });
  expect(open.status).toBe(200);
  expect(Array.isArray(open.body.content)).toBe(true);
  await shoot(page, 'services');
  expect(violations).toEqual([]);
});
