import { expect, test } from '@playwright/test';

import { callApi, newEmail, registerApplicant, signIn, signUp } from './helpers';

test('an administrator lands on the companies list, finds a company, marks its contract, acts as it and comes back; on a phone the lists are cards', async ({ page }) => {
  // signing in may wait out the minute between codes of the journey before
  test.setTimeout(150_000);
  await page.goto('/en/login');
  await signIn(page, 'admin@vakants.test');
  await expect(page).toHaveURL(/\/en\/admin\/companies$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
  if (process.env.SCREENSHOTS) {
    // pictures to look at (the journey itself runs at the default size)
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
      await expect(width < 768 ? page.getByRole('article').first() : page.getByRole('row').nth(1)).toBeVisible();
      await page.screenshot({ path: `e2e/screenshots/${width}-admin-companies.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 720 });
  }

  await page.getByLabel('Search by name or registry code').fill('vakants demo');
  await expect(page).toHaveURL(/search=vakants\+demo/);
  const row = page.getByRole('row', { name: /Vakants Demo OÜ/ });
  await expect(row).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row.getByRole('cell', { name: 'employer@vakants.test' })).toBeVisible();

  const contract = row.getByRole('switch', { name: 'Company has a contract: Vakants Demo OÜ' });
  await expect(contract).not.toBeChecked();
  await contract.click({ force: true });
  await expect(page.getByText('Contract flag saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('row', { name: /Vakants Demo OÜ/ }).getByRole('switch')).toBeChecked();

  await page.getByRole('row', { name: /Vakants Demo OÜ/ }).getByRole('button', { name: 'Log in as the company' }).click();
  await expect(page).toHaveURL(/\/en\/employer\/account\/my-company$/);
  await page.getByRole('button', { name: 'Return to my account' }).click();
  await expect(page).toHaveURL(/\/en\/admin\/companies\?search=vakants\+demo$/);
  await expect(page.getByRole('row', { name: /Vakants Demo OÜ/ })).toBeVisible();

  // on a phone every list is cards with the same values and actions, and nothing scrolls sideways
  await page.setViewportSize({ width: 375, height: 812 });
  const card = page.getByRole('article', { name: 'Vakants Demo OÜ' });
  await expect(card).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(card.getByRole('link', { name: 'Open Vakants Demo OÜ' })).toBeVisible();
  await expect(card.getByText('employer@vakants.test')).toBeVisible();
  await expect(card.getByRole('switch', { name: 'Company has a contract: Vakants Demo OÜ' })).toBeAttached();
  await expect(card.getByRole('button', { name: 'Log in as the company' })).toBeVisible();
  await card.getByRole('button', { name: 'Prices of Vakants Demo OÜ' }).click();
  await expect(page.getByRole('dialog', { name: 'Prices of Vakants Demo OÜ' })).toBeVisible();
  await page.keyboard.press('Escape');

  for (const [path, heading, action] of [
    ['/en/admin/employers', 'Employers', /^Audit log of /],
    ['/en/admin/applicants', 'Applicants', /^Delete applicant /],
    ['/en/admin/invoices', 'Invoices', /^Delete invoice /],
    ['/en/admin/prices', 'Prices', /^Edit /],
    ['/en/admin/audit', 'Audit log', null],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    const first = page.getByRole('article').first();
    await expect(first).toBeVisible();
    if (action) await expect(first.getByRole('button', { name: action })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
  }

  // a tablet (the sidebar open at 1024 px, closed at 800 px): each list is a table; one that needs
  // more room than it has scrolls sideways inside its own named region, which the keyboard reaches,
  // and the page itself never does
  let scrollingSeen = 0;
  for (const width of [800, 1024]) {
    await page.setViewportSize({ width, height: 768 });
    for (const path of ['/en/admin/companies', '/en/admin/employers', '/en/admin/applicants', '/en/admin/invoices', '/en/admin/prices', '/en/admin/audit']) {
      await page.goto(path);
      await expect(page.getByRole('row').nth(1)).toBeVisible();
      await expect(page.getByRole('article')).toHaveCount(0);
      const { scrolling, ...seen } = await page.evaluate(() => {
        // the viewport inside each list's ScrollArea is what scrolls sideways
        const viewports = [...document.querySelectorAll('main [data-testid="list-table"] .mantine-ScrollArea-viewport')];
        return {
          page: document.documentElement.scrollWidth,
          tables: viewports.length,
          regions: viewports.filter((box) => box.getAttribute('role') === 'region' && !!box.getAttribute('aria-label') && box.getAttribute('tabindex') === '0').length,
          scrolling: viewports.filter((box) => box.scrollWidth > box.clientWidth + 1).length,
        };
      });
      // a table shown means its viewport was found (the check cannot pass for want of a selector)
      const shown = await page.getByRole('table').count();
      scrollingSeen += scrolling;
      expect(seen, `${path} at ${width} px`).toEqual({ page: width, tables: shown, regions: shown });
    }
  }
  // (the companies' table wants 960 px: at 800 px it scrolls, so the regions above were real ones)
  expect(scrollingSeen, 'a table scrolling sideways in its region on a tablet').toBeGreaterThan(0);
});

test('an administrator gives a company a discount it sees at once, force-pays its invoice and deletes a test applicant', async ({ page, browser }) => {
  test.setTimeout(180_000);
  // a test applicant, registered in a browser of their own
  const applicantEmail = newEmail('kustuta');
  const other = await browser.newContext();
  await registerApplicant(await other.newPage(), applicantEmail, ['Kustuta', 'Mind']);
  await other.close();

  await page.goto('/en/login');
  await signIn(page, 'admin@vakants.test');
  await expect(page).toHaveURL(/\/en\/admin\/companies$/);
  await page.getByLabel('Search by name or registry code').fill('vakants demo');
  await page.getByRole('button', { name: 'Prices of Vakants Demo OÜ' }).click();
  const prices = page.getByRole('dialog', { name: 'Prices of Vakants Demo OÜ' });
  const branding = prices.getByRole('region', { name: 'Branding (30 days)' });
  await branding.getByLabel('Discount').fill('50');
  await branding.getByRole('button', { name: 'Save the price of Branding (30 days)' }).click();
  await expect(page.getByText('Price of Branding (30 days) saved')).toBeVisible();
  await expect(prices.getByRole('region', { name: 'Branding (30 days)' }).getByText(/the company pays €14\.50/)).toBeVisible();
  await page.keyboard.press('Escape');

  // the company sees it at once; acting as it, the administrator orders branding for one of its
  // live vacancies: an invoice that changes nothing another journey reads
  await page.getByRole('row', { name: /Vakants Demo OÜ/ }).getByRole('button', { name: 'Log in as the company' }).click();
  await expect(page).toHaveURL(/\/en\/employer\/account\/my-company$/);
  await expect(page.getByRole('heading', { name: 'Vakants Demo OÜ' })).toBeVisible();
  const offers = await callApi<{ code: string; priceCents: number; discount: number }[]>(page, 'GET', '/api/employer/products');
  expect(offers.body.find((offer) => offer.code === 'BRANDING')).toMatchObject({ priceCents: 1450, discount: 0.5 });
  const live = await callApi<{ content: { id: string }[] }>(page, 'GET', '/api/employer/vacancies?status=active');
  const ordered = await callApi<{ number: string }>(page, 'POST', '/api/user/invoices', { productCodes: ['BRANDING'], vacancyId: live.body.content[0]!.id });
  expect(ordered.status).toBe(201);
  const number = ordered.body.number;
  await page.getByRole('button', { name: 'Return to my account' }).click();
  await expect(page).toHaveURL(/\/en\/admin\/companies/);

  // the discount back to the list price, so other journeys see the demo company's usual prices
  await page.getByRole('row', { name: /Vakants Demo OÜ/ }).getByRole('button', { name: 'Prices of Vakants Demo OÜ' }).click();
  await page.getByRole('button', { name: 'Back to the list price for Branding (30 days)' }).click();
  await expect(page.getByText('Branding (30 days) is at the list price again')).toBeVisible();
  await page.keyboard.press('Escape');

  // the invoice, force-paid with a reason
  await page.goto('/en/admin/invoices?company=vakants%20demo&status=UNPAID');
  const row = page.getByRole('row', { name: new RegExp(number) });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Mark paid: invoice ${number}` }).click();
  const force = page.getByRole('dialog', { name: `Mark invoice ${number} paid` });
  await force.getByLabel('Reason').fill('Paid at the office in cash');
  await force.getByRole('button', { name: 'Mark paid' }).click();
  await expect(page.getByText(`Invoice ${number} is paid`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(number) })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Paid', exact: true }).click();
  await expect(page.getByRole('row', { name: new RegExp(number) }).getByText('Paid', { exact: true })).toBeVisible();

  // the test applicant, deleted after a wrong and then the right username
  await page.goto(`/en/admin/applicants?search=${encodeURIComponent(applicantEmail)}`);
  await page.getByRole('button', { name: `Delete applicant ${applicantEmail}` }).click();
  const remove = page.getByRole('dialog', { name: `Delete applicant ${applicantEmail}` });
  await remove.getByLabel('Username').fill('somebody@example.ee');
  await remove.getByRole('button', { name: 'Delete applicant' }).click();
  await expect(remove.getByText('Wrong username')).toBeVisible();
  await remove.getByLabel('Username').fill(applicantEmail);
  await remove.getByRole('button', { name: 'Delete applicant' }).click();
  await expect(page.getByText(`Applicant ${applicantEmail} deleted`)).toBeVisible();
  await expect(page.getByText('No one found.')).toBeVisible();
});

test('a supervisor adds an administrator and removes them', async ({ page }) => {
  test.setTimeout(120_000);
  const email = newEmail('admin');
  await page.goto('/en/login');
  await signIn(page, 'supervisor@vakants.test');
  await expect(page).toHaveURL(/\/en\/admin\/companies$/);
  await page.goto('/en/admin/administrators');
  await expect(page).toHaveURL(/\/en\/admin\/administrators$/);
  const form = page.getByRole('region', { name: 'Add an administrator' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Phone').fill('5123 4567');
  await form.getByLabel('First name').fill('Uus');
  await form.getByLabel('Last name').fill('Haldur');
  await form.getByRole('button', { name: 'Add administrator' }).click();
  await expect(form.getByText('Enter the phone with its country code, e.g. +372 5123 4567')).toBeVisible();
  await form.getByLabel('Phone').fill('+372 5123 4567');
  await form.getByRole('button', { name: 'Add administrator' }).click();
  await expect(page.getByText(`${email} is an administrator now`)).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });
  await expect(row.getByText('Administrator', { exact: true })).toBeVisible();

  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Phone').fill('+372 5123 4567');
  await form.getByLabel('First name').fill('Uus');
  await form.getByLabel('Last name').fill('Haldur');
  await form.getByRole('button', { name: 'Add administrator' }).click();
  await expect(form.getByText('This user is already registered in the system')).toBeVisible();

  await row.getByRole('button', { name: `Remove administrator ${email}` }).click();
  await page.getByRole('dialog', { name: 'Remove an administrator' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(`${email} is no longer an administrator`)).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('an administrator opens a test company, comments on it and deletes it after a wrong then the right registry number', async ({ page, browser }) => {
  test.setTimeout(180_000);
  // a test company: a claim the register does not confirm, approved by the administrator
  const claimant = await browser.newContext();
  const employer = await claimant.newPage();
  const email = newEmail('kustutatav');
  await signUp(employer, email, ['Kalle', 'Kustuta'], '+372 5555 7777');
  await employer.getByRole('button', { name: 'I am an employer' }).click();
  const chooser = employer.getByRole('combobox', { name: 'Company' });
  await chooser.fill('kalev');
  await employer.getByRole('option').nth(1).click();
  const [, name, registryCode] = /^(.*) \((\d+)\)$/.exec(await chooser.inputValue())!;
  await employer.getByRole('button', { name: 'Continue' }).click();
  await expect(employer.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible();

  await page.goto('/en/login');
  await signIn(page, 'admin@vakants.test');
  await expect(page).toHaveURL(/\/en\/admin\/companies$/);
  await page.getByRole('table', { name: 'Claims waiting for a decision' }).getByRole('button', { name: `Approve: ${name}, ${email}` }).click();
  await expect(page.getByText('Claim approved')).toBeVisible({ timeout: 20_000 });

  await page.getByLabel('Search by name or registry code').fill(registryCode!);
  await expect(page).toHaveURL(new RegExp(`search=${registryCode}`));
  await page.getByRole('link', { name: `Open ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/en/admin/companies/EE/${registryCode}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  // the staff row (the company's audit below names the claimant's address too)
  const staffRow = page.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) }).filter({ hasText: 'Kalle Kustuta' });
  await expect(staffRow).toContainText('Supervisor');

  await page.getByLabel('New comment').fill('Test company, to be deleted');
  await page.getByRole('button', { name: 'Add comment' }).click();
  await expect(page.getByText('Comment added')).toBeVisible();
  await expect(page.getByText('Test company, to be deleted')).toBeVisible();
  await expect(page.getByText('company.comment', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Delete company' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${name}` });
  await dialog.getByLabel('Registry number').fill('00000000');
  await dialog.getByRole('button', { name: 'Delete company' }).click();
  await expect(dialog.getByText('Failed to delete company data')).toBeVisible();
  await dialog.getByLabel('Registry number').fill(registryCode!);
  await dialog.getByRole('button', { name: 'Delete company' }).click();
  await expect(page.getByText(`${name} deleted`)).toBeVisible();
  await expect(page).toHaveURL(/\/en\/admin\/companies$/);
  await page.getByLabel('Search by name or registry code').fill(registryCode!);
  await expect(page.getByText('No companies found.')).toBeVisible();

  // the company's employer keeps the account
  await employer.context().clearCookies();
  await employer.goto('/en/login');
  await signIn(employer, email);
  await expect(employer).not.toHaveURL(/\/login/);
  await claimant.close();
});
