import { expect, type Page, test } from '@playwright/test';

import { callApi, newEmail, registerApplicant, signIn } from './helpers';

/** A camt.053 statement of one booked credit that names no invoice. */
function statement(reference: string, amount: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>E2E</MsgId></GrpHdr><Stmt><Id>S</Id>
<Ntry><NtryRef>${reference}</NtryRef><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-23</Dt></BookgDt><AcctSvcrRef>${reference}</AcctSvcrRef>
<NtryDtls><TxDtls><RltdPties><Dbtr><Nm>Vakants Demo OÜ</Nm></Dbtr></RltdPties><RmtInf><Ustrd>ettemaks</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry></Stmt></BkToCstmrStmt></Document>`;
}

/** The value of a dashboard figure. */
async function figure(page: Page, name: string): Promise<string> {
  const region = page.getByRole('region', { name, exact: true });
  await expect(region).toBeVisible();
  return (await region.locator('p').nth(1).textContent()) ?? '';
}

test('the dashboard follows an invoice ordered and paid by a bank line resolved by hand', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/en/login');
  await signIn(page, 'admin@vakants.test');
  await expect(page).toHaveURL(/\/en\/admin\/companies$/);
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page).toHaveURL(/\/en\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Vacancies published, last 30 days' })).toBeVisible();
  const unpaidBefore = await figure(page, 'Unpaid this month');
  const paidBefore = await figure(page, 'Paid this month');

  // acting as the demo company, the administrator orders branding for one of its live vacancies
  await page.goto('/en/admin/companies?search=vakants%20demo');
  await page.getByRole('row', { name: /Vakants Demo OÜ/ }).getByRole('button', { name: 'Log in as the company' }).click();
  await expect(page).toHaveURL(/\/en\/employer\/account\/my-company$/);
  const live = await callApi<{ content: { id: string }[] }>(page, 'GET', '/api/employer/vacancies?status=active');
  const ordered = await callApi<{ number: string }>(page, 'POST', '/api/user/invoices', { productCodes: ['BRANDING'], vacancyId: live.body.content[0]!.id });
  expect(ordered.status).toBe(201);
  const number = ordered.body.number;
  await page.getByRole('button', { name: 'Return to my account' }).click();
  await expect(page).toHaveURL(/\/en\/admin\/companies/);

  await page.goto('/en/admin');
  await expect.poll(() => figure(page, 'Unpaid this month')).not.toBe(unpaidBefore);

  // a statement with one line that names no invoice: uploaded, then matched to the invoice by hand
  await page.goto('/en/admin/invoices');
  const reference = `E2E${Date.now()}`;
  await page.locator('input[type="file"]').setInputFiles({ name: 'statement.xml', mimeType: 'application/xml', buffer: Buffer.from(statement(reference, '1.00')) });
  await page.getByRole('button', { name: 'Upload statement' }).click();
  await expect(page.getByRole('status').getByText('0 invoices paid · 1 line to resolve · 0 lines imported before')).toBeVisible();
  const line = page.getByRole('article', { name: `Bank line ${reference}` });
  await expect(line.getByText('No invoice named')).toBeVisible();
  await line.getByRole('button', { name: `Match line ${reference} to an invoice` }).click();
  const dialog = page.getByRole('dialog', { name: `Match line ${reference} to an invoice` });
  await dialog.getByRole('combobox', { name: 'Unpaid invoice' }).click();
  await page.getByRole('option', { name: new RegExp(`^${number} · Vakants Demo OÜ`) }).click();
  await expect(dialog.getByText(/the invoice is recorded as paid in full/)).toBeVisible();
  await dialog.getByLabel('Reason').fill('The rest was paid at the office');
  await dialog.getByRole('button', { name: 'Match and mark paid' }).click();
  await expect(page.getByText(`Invoice ${number} is paid`)).toBeVisible();
  await expect(line).toHaveCount(0);
  await page.getByRole('tab', { name: 'Paid', exact: true }).click();
  await expect(page.getByRole('row', { name: new RegExp(number) }).getByText('Paid', { exact: true })).toBeVisible();

  // back on the dashboard: the unpaid revenue is what it was, the paid revenue grew
  await page.goto('/en/admin');
  await expect.poll(() => figure(page, 'Unpaid this month')).toBe(unpaidBefore);
  expect(await figure(page, 'Paid this month')).not.toBe(paidBefore);

  // /samples is in the header of administrators
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Samples' }).click();
  await expect(page).toHaveURL(/\/en\/samples$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Samples' })).toBeVisible();
});

test('/samples is for administrators only', async ({ page }) => {
  await registerApplicant(page, newEmail('samples'));
  await page.goto('/en/samples');
  await expect(page).toHaveURL(/\/en\/403/);
  await expect(page.getByRole('link', { name: 'Samples' })).toHaveCount(0);
});
