import { type Browser, expect, type Page, test } from '@playwright/test';

import { expectNoAxeViolations } from './axe';
import { chooseFiles } from './cv-wizard';
import { callApi, codeFor, newEmail, placeholderTile, signIn } from './helpers';

const DEMO_COMPANY = 'Vakants Demo OÜ';
const OTHER_DEMO_COMPANY = 'Tartu Näidisehitus AS';
const picture = (name: string) => ({ name, mimeType: 'image/png', buffer: placeholderTile() });

/** The demo company's supervisor (the employer account), signed in and acting for the demo company. */
async function supervisorPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/en/login');
  await signIn(page, 'employer@vakants.test');
  await page.getByRole('button', { name: new RegExp(DEMO_COMPANY) }).click();
  await expect(page).toHaveURL(/\/en\/employer\/account\/my-company$/);
  return page;
}

test('the supervisor fills the general information and sees it on the public company page', async ({ browser }) => {
  const page = await supervisorPage(browser);
  await expect(page.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
  const stamp = Date.now();
  const description = `We bake bread every night ${stamp}.`;

  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(`info-${stamp}@demo.ee`);
  await page.getByLabel('Contact phone').fill('+372 5123 4567');
  await page.getByLabel('Website').fill('https://demo.example.ee');
  await page.getByLabel('Description (English)').fill(description);
  // a bad address is refused on its field, before the server
  await page.getByLabel('Facebook').fill('facebook.com/demo');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('A web address starts with http:// or https://')).toBeVisible();
  await page.getByLabel('Facebook').fill('https://facebook.com/demo');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText("The company's information is saved")).toBeVisible();

  // the form shows what was saved after a reload
  await page.reload();
  await expect(page.getByLabel('Description (English)')).toHaveValue(description);

  await page.getByRole('link', { name: 'View the public page' }).click();
  await expect(page).toHaveURL(/\/en\/companies\/EE\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: DEMO_COMPANY })).toBeVisible();
  await expect(page.getByText(description)).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(`info-${stamp}@demo\\.ee`) })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Phone: +37251234567' })).toBeVisible();
});

test('the supervisor invites a new e-mail; the person creates the account through the mailed link and accepts, becomes a moderator, then an administrator; once removed, their next request is refused', async ({ browser }) => {
  test.setTimeout(120_000);
  const supervisor = await supervisorPage(browser);
  await supervisor.getByRole('tab', { name: 'Staff' }).click();
  await expect(supervisor).toHaveURL(/\?tab=staff$/);
  await expect(supervisor.getByRole('article', { name: 'Jaan Tamm' })).toContainText('Supervisor');

  const email = newEmail('staff');
  await supervisor.getByRole('button', { name: 'Add a staff member' }).click();
  const dialog = supervisor.getByRole('dialog', { name: 'Add a staff member' });
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Job title').fill('Kuller');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(supervisor.getByText(`${email} got an invitation by e-mail`)).toBeVisible();
  // until they accept, the company sees the e-mail and "invited" only
  const invited = supervisor.getByRole('article', { name: email });
  await expect(invited).toContainText('invited');

  // the invitation names the company and a link that signs in and lands on the invitations
  let link = '';
  await expect
    .poll(async () => {
      const mails = (await (await supervisor.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { subject: string; text: string }[];
      link = mails.find((mail) => mail.subject.includes(DEMO_COMPANY))?.text.match(/https?:\/\/\S+/)?.[0] ?? '';
      return link;
    })
    .toContain('/en/login?p=/en/invitations');

  // the person has no account: the link's sign-in creates it (consents, code, their own name and phone)
  const member = await (await browser.newContext()).newPage();
  await member.setViewportSize({ width: 1280, height: 900 });
  await member.goto(new URL(link).pathname + new URL(link).search);
  await member.getByLabel('E-mail').fill(email);
  await member.getByRole('button', { name: 'Continue' }).click();
  await member.getByLabel('I accept the terms of use').check();
  await member.getByLabel('I agree to the processing of my personal data').check();
  await member.getByLabel('I accept the use of cookies').check();
  await member.getByRole('button', { name: 'Create an account' }).click();
  await member.getByLabel('Code').fill(await codeFor(member, email));
  await member.getByRole('button', { name: 'Continue' }).click();
  await member.getByLabel('First name').fill('Kati');
  await member.getByLabel('Last name').fill('Karu');
  await member.getByLabel('Phone').fill('+372 5222 3333');
  await member.getByRole('button', { name: 'Continue' }).click();
  await expect(member).toHaveURL(/\/en\/invitations$/);
  const card = member.getByRole('article', { name: DEMO_COMPANY });
  await expect(card).toContainText('Job title: Kuller');
  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(member).toHaveURL(/\/en\/employer\/account\/my-company$/);
  await expect(member.getByRole('heading', { name: DEMO_COMPANY })).toBeVisible();
  await member.getByRole('tab', { name: 'Staff' }).click();
  await expect(member.getByText("The company's supervisor invites and removes staff.")).toBeVisible();
  await expect(member.getByRole('button', { name: 'Add a staff member' })).toHaveCount(0);
  expect((await callApi(member, 'GET', '/api/employer/company')).status).toBe(200);
  // the contract is shown to every member (the demo company has none)
  // whether the demo company has a contract depends on the journeys before this one (the
  // administrators' journey gives it one): the note says one or the other
  await expect(member.getByRole('region', { name: 'Contract' })).toContainText(/Your company has (a|no) contract with Vakants/);

  // the company's working hours are the member's to read, not to change
  await member.goto('/en/employer/account/my-calendar');
  const companyHours = member.getByRole('region', { name: "Company's working hours" });
  await expect(companyHours.getByText("Only the company's supervisor changes the company's working hours; you see them read-only.")).toBeVisible();
  await expect(companyHours.getByRole('checkbox', { name: 'Monday' })).toBeDisabled();
  await expect(companyHours.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(member.getByRole('region', { name: 'My working hours' }).getByRole('button', { name: 'Save' })).toBeVisible();
  await expectNoAxeViolations(member, 'my calendar (staff member)');

  await supervisor.reload();
  // by the e-mail too: a retry's first attempt may have left a Kati Karu of its own
  const row = supervisor.getByRole('article', { name: 'Kati Karu' }).filter({ hasText: email });
  await expect(row).toContainText('Kuller');
  await expect(invited).toHaveCount(0);

  // moderators come from the staff: the supervisor delegates an active vacancy to the new member
  await supervisor.goto('/en/employer/account/my-vacancies?tab=active');
  const active = supervisor.getByRole('tabpanel').getByRole('row').filter({ hasText: 'Active' }).first();
  await active.getByRole('button', { name: /^Actions for / }).click();
  await supervisor.getByRole('menuitem', { name: /^(Assign a moderator|Change or remove the moderator)$/ }).click();
  const assign = supervisor.getByRole('dialog', { name: 'Assign a moderator' });
  await assign.getByLabel("Staff member's e-mail").fill(email);
  await assign.getByRole('button', { name: 'Assign' }).click();
  await expect(assign).toBeHidden();
  await expect(supervisor.getByText('Kati Karu now moderates this vacancy.')).toBeVisible();

  // the member reads the moderator on the list, but without the administrator tag may not change it
  await member.goto('/en/employer/account/my-vacancies?tab=active');
  const delegated = member.getByRole('tabpanel').getByRole('row').filter({ hasText: 'Kati Karu' });
  await expect(delegated).toHaveCount(1);
  await delegated.getByRole('button', { name: /^Actions for / }).click();
  await expect(member.getByRole('menuitem', { name: 'Copy as a new draft' })).toBeVisible();
  await expect(member.getByRole('menuitem', { name: /moderator/ })).toHaveCount(0);
  // the open menu holds menu items only (Mantine's focus placeholder is off in the theme)
  await expectNoAxeViolations(member, "my vacancies' actions menu (staff member)");
  await member.keyboard.press('Escape');
  await expect(member.getByRole('menu')).toBeHidden();
  await expectNoAxeViolations(member, 'my vacancies (staff member)');

  // the supervisor grants the administrator tag: the staff list shows it ...
  await supervisor.goto('/en/employer/account/my-company?tab=staff');
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = supervisor.getByRole('dialog', { name: "Staff member's data" });
  await edit.getByRole('switch', { name: 'Administrator' }).check();
  await expectNoAxeViolations(supervisor, 'staff member form');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Administrator');
  await expectNoAxeViolations(supervisor, 'staff tab');

  // ... and the member now takes the delegation off the vacancy
  await member.reload();
  await delegated.getByRole('button', { name: /^Actions for / }).click();
  await member.getByRole('menuitem', { name: 'Change or remove the moderator' }).click();
  const change = member.getByRole('dialog', { name: 'Assign a moderator' });
  await expect(change.getByLabel("Staff member's e-mail")).toHaveValue(email);
  await change.getByRole('button', { name: 'Remove the moderator' }).click();
  await expect(change).toBeHidden();
  await expect(member.getByText('The vacancy has no moderator now')).toBeVisible();
  await expect(delegated).toHaveCount(0);
  await supervisor.goto('/en/employer/account/my-company?tab=staff');

  // the supervisor removes them
  supervisor.once('dialog', (confirm) => void confirm.accept());
  await row.getByRole('button', { name: 'Remove' }).click();
  await expect(supervisor.getByText(`${email} was removed from the staff`)).toBeVisible();
  await expect(row).toHaveCount(0);

  // the member's very next request is refused, though their session lives on
  const after = await callApi(member, 'GET', '/api/employer/company');
  expect([403, 404]).toContain(after.status);
});

test('the supervisor fills the branding and sees it on the public company page', async ({ browser }) => {
  const page = await supervisorPage(browser);
  await page.getByRole('tab', { name: 'Branding' }).click();
  await expect(page).toHaveURL(/\?tab=branding$/);
  const preview = page.getByRole('region', { name: 'Preview of the public page' });
  await expect(preview.getByRole('heading', { name: DEMO_COMPANY })).toBeVisible();

  // a new logo and a new gallery picture, put first
  const logo = page.waitForResponse((r) => r.url().includes('/company-branding/pictures?kind=logo') && r.status() === 201);
  await chooseFiles(page, /^(Upload|Replace): Logo$/, [picture('logo.png')]);
  const logoId = ((await (await logo).json()) as { fileId: string }).fileId;
  await expect(page.getByRole('img', { name: 'Logo', exact: true })).toHaveAttribute('src', `/api/files/${logoId}`);
  while ((await page.getByRole('button', { name: /^Remove picture \d+$/ }).count()) > 2) {
    await page.getByRole('button', { name: 'Remove picture 1', exact: true }).click();
  }
  const gallery = page.waitForResponse((r) => r.url().includes('/company-branding/pictures?kind=gallery') && r.status() === 201);
  await chooseFiles(page, 'Add pictures', [picture('team.png')]);
  const galleryId = ((await (await gallery).json()) as { fileId: string }).fileId;
  await page.getByRole('button', { name: 'Move picture 3 earlier' }).click();
  await page.getByRole('button', { name: 'Move picture 2 earlier' }).click();
  await expect(preview.getByRole('img', { name: 'Gallery 1' })).toHaveAttribute('src', `/api/files/${galleryId}`);

  // only a YouTube or Vimeo page is a video link
  const video = page.getByRole('textbox', { name: 'Video link' });
  await video.fill('https://example.com/film');
  await page.getByRole('button', { name: 'Save the branding' }).click();
  await expect(page.getByText('Enter the address of a YouTube or Vimeo video, starting with http:// or https://')).toBeVisible();
  await video.fill('https://www.youtube.com/watch?v=vakants');
  await page.getByRole('button', { name: 'Save the branding' }).click();
  await expect(page.getByText('The branding is saved')).toBeVisible();

  await page.getByRole('link', { name: 'View the public page' }).click();
  await expect(page).toHaveURL(/\/en\/companies\/EE\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: DEMO_COMPANY })).toBeVisible();
  // the page's own header comes first; its vacancies' cards carry the same logo once the index
  // job of the branding save has run
  await expect(page.getByRole('img', { name: DEMO_COMPANY }).first()).toHaveAttribute('src', `/api/files/${logoId}`);
  await expect(page.getByRole('img', { name: 'Gallery 1' })).toHaveAttribute('src', `/api/files/${galleryId}`);
  await expect(page.getByRole('img', { name: /^Gallery \d$/ })).toHaveCount(3);
  await expect(page.getByRole('link', { name: 'Watch the video' })).toHaveAttribute('href', 'https://www.youtube.com/watch?v=vakants');
});

test('a staff member of two companies switches company from the header, at 375 px and 1280 px', async ({ browser }) => {
  const page = await supervisorPage(browser);
  for (const [width, from, to] of [[375, DEMO_COMPANY, OTHER_DEMO_COMPANY], [1280, OTHER_DEMO_COMPANY, DEMO_COMPANY]] as const) {
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    await page.getByRole('button', { name: `Company: ${from}` }).click();
    await page.getByRole('menuitem', { name: to }).click();
    await expect(page.getByText(`You now act for ${to}.`)).toBeVisible();
    await expect(page.getByRole('button', { name: `Company: ${to}` })).toBeVisible();
    // the employer screens show the new company without a reload
    await expect(page.getByRole('heading', { level: 2, name: to })).toBeVisible();
    await page.getByRole('tab', { name: 'Branding' }).click();
    await expect(page.getByRole('region', { name: 'Preview of the public page' }).getByRole('heading', { name: to })).toBeVisible();
    await page.getByRole('tab', { name: 'General' }).click();
    expect(((await callApi<{ businessName: string }>(page, 'GET', '/api/employer/company')).body).businessName).toBe(to);
  }
});
