import { expect, type Page, test } from '@playwright/test';

import { callApi, signIn } from './helpers';

// Pictures to look at, not assertions: run with `SCREENSHOTS=1 scripts/web-e2e.sh screenshots-admin`.
// A supervisor sees every screen of the back office.
/** A modal slides in; the picture waits until it has. */
const SETTLE_MS = 500;

test.skip(!process.env.SCREENSHOTS, 'screenshots are taken on request');

/** A statement of one booked credit that names no invoice, to show a line waiting to be resolved. */
function statement(width: number): string {
  const reference = `SHOT${width}`;
  return `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>S</MsgId></GrpHdr><Stmt><Id>S</Id><Ntry><NtryRef>${reference}</NtryRef><Amt Ccy="EUR">120.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-23</Dt></BookgDt><AcctSvcrRef>${reference}</AcctSvcrRef><NtryDtls><TxDtls><RltdPties><Dbtr><Nm>Põhja Köök OÜ</Nm></Dbtr></RltdPties><RmtInf><Ustrd>Ettemaks reklaami eest</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry></Stmt></BkToCstmrStmt></Document>`;
}

/** A list screen once its first row is in: a table row, on a phone a card (and then nothing scrolls sideways). */
async function screen(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expectFirstRow(page);
}

async function expectFirstRow(page: Page) {
  const width = page.viewportSize()?.width ?? 1280;
  if (width >= 768) {
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    return;
  }
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test('the back office at 375 px and 1280 px', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/en/login');
  await signIn(page, 'supervisor@vakants.test');
  await expect(page).toHaveURL(/\/en\/admin\/companies$/);
  // something for the audit log: the contract flag of a demo company, set and set back
  for (const flag of [true, false]) {
    expect((await callApi(page, 'PATCH', '/api/admin/company/EE/14000009/hasContract', flag)).status).toBe(204);
  }

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    const shot = (name: string, fullPage = true) => page.screenshot({ path: `e2e/screenshots/${width}-admin-${name}.png`, fullPage });
    /** The dialog the first button of `name` opens, pictured and closed again. */
    const dialog = async (name: RegExp, picture: string) => {
      await page.getByRole('button', { name }).first().click();
      await page.waitForTimeout(SETTLE_MS);
      await shot(picture, false);
      await page.keyboard.press('Escape');
    };

    await screen(page, '/en/admin/companies?search=vakants%20demo', 'Companies');
    await page.getByRole('button', { name: 'Prices of Vakants Demo OÜ' }).click();
    await expect(page.getByRole('dialog', { name: 'Prices of Vakants Demo OÜ' }).getByRole('region').first()).toBeVisible();
    await page.waitForTimeout(SETTLE_MS);
    await shot('company-prices', false);
    await page.keyboard.press('Escape');

    await page.goto('/en/admin/companies/EE/14000009');
    await expect(page.getByRole('heading', { level: 1, name: 'Vakants Demo OÜ' })).toBeVisible();
    await expect(page.getByText('company.has_contract').first()).toBeVisible();
    await shot('company');
    await dialog(/^Delete company$/, 'delete-company');

    await screen(page, '/en/admin/employers', 'Employers');
    await shot('employers');
    await page.getByRole('button', { name: /^Audit log of / }).first().click();
    await page.waitForTimeout(SETTLE_MS);
    await shot('person-audit', false);
    await page.keyboard.press('Escape');
    await screen(page, '/en/admin/applicants', 'Applicants');
    await shot('applicants');
    await dialog(/^Delete applicant /, 'delete-applicant');

    await screen(page, '/en/admin/invoices', 'Invoices');
    await shot('invoices');
    await dialog(/^Mark paid: invoice /, 'force-payment');
    await dialog(/^Delete invoice /, 'delete-invoice');

    await screen(page, '/en/admin/prices', 'Prices');
    await shot('prices');
    await dialog(/^Edit /, 'product');

    await screen(page, '/en/admin/administrators', 'Administrators');
    await shot('administrators');
    await screen(page, '/en/admin/audit', 'Audit log');
    await shot('audit');

    await page.goto('/en/admin/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
    await shot('profile');

    await screen(page, '/et/admin/invoices', 'Arved');
    await shot('invoices-et');

    // the dashboard with its chart, /samples, and the invoices screen with a line to resolve
    await page.goto('/en/admin');
    await expect(page.getByRole('region', { name: 'Vacancies published, last 30 days' }).locator('svg').first()).toBeVisible();
    await page.waitForTimeout(SETTLE_MS);
    await shot('dashboard');
    await page.goto('/en/samples');
    await expect(page.getByRole('region', { name: 'Dialogs' })).toBeVisible();
    await shot('samples');
    await page.goto('/en/admin/invoices');
    await page.locator('input[type="file"]').setInputFiles({ name: 'statement.xml', mimeType: 'application/xml', buffer: Buffer.from(statement(width)) });
    await page.getByRole('button', { name: 'Upload statement' }).click();
    await expect(page.getByRole('article', { name: `Bank line SHOT${width}` })).toBeVisible();
    await shot('invoices-bank');
    await dialog(/^Match line SHOT/, 'bank-match');
    await screen(page, '/ru/admin/prices', 'Цены');
    await shot('prices-ru');
  }
});
