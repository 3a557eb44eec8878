import { expect, type Page, test } from '@playwright/test';

import { expectNoAxeViolations } from './axe';
import { callApi, signIn } from './helpers';

interface ListAnswer {
  content: { id: string; occupationLabel: string | null; displayedState: string }[];
  counts: Record<string, number>;
}

/** The acting company's list as the API answers it, to check the screen against. */
async function listOf(page: Page, tab: string): Promise<ListAnswer> {
  const answer = await callApi<ListAnswer>(page, 'GET', `/api/employer/vacancies?status=${tab}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

/**
 * The row of one vacancy, known by the link to its preview: titles repeat (the journeys before this
 * one leave more than one "Cook"), ids do not.
 */
function rowOf(page: Page, id: string) {
  return page.getByRole('tabpanel').getByRole('row').filter({ has: page.locator(`a[href="/en/employer/account/my-vacancies/${id}/preview"]`) });
}

test('the demo employer opens my vacancies, switches tabs, hides and shows an active vacancy, assigns it a moderator and removes it in the editor', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/en/login');
  await signIn(page, 'employer@vakants.test');
  await page.getByRole('button', { name: /Vakants Demo OÜ/ }).click();
  await expect(page).toHaveURL(/\/en\/employer\/account\/my-company$/);

  // the header's dashboard link and the sidebar both lead there
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Create a vacancy' })).toBeVisible();
  await page.getByRole('link', { name: 'My vacancies' }).first().click();
  await expect(page).toHaveURL(/\/en\/employer\/account\/my-vacancies$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My vacancies' })).toBeVisible();

  const all = await listOf(page, 'all');
  await expect(page.getByRole('tab', { name: /^All/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: /^All/ })).toContainText(String(all.counts.all));
  await expect(page.locator('tbody tr')).toHaveCount(Math.min(all.counts.all, 20));

  // the confectioner is the discovery journeys' vacancy: this one hides another
  const { content: running } = await listOf(page, 'active');
  const target = running.find((vacancy) => vacancy.displayedState === 'ACTIVE' && vacancy.occupationLabel && !/confection/i.test(vacancy.occupationLabel));
  expect(target, 'an active vacancy of the demo company').toBeDefined();
  const title = target!.occupationLabel!;

  await page.getByRole('tab', { name: /^Active/ }).click();
  await expect(page).toHaveURL(/\?tab=active$/);
  const row = rowOf(page, target!.id);
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: `Actions for ${title}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Show again' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Hide' }).click();
  await expect(page.getByText('The vacancy is hidden: job seekers no longer find it.')).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await listOf(page, 'hidden')).content.map((vacancy) => vacancy.id)).toContain(target!.id);

  await page.getByRole('tab', { name: /^Hidden/ }).click();
  await expect(page).toHaveURL(/\?tab=hidden$/);
  const hidden = rowOf(page, target!.id);
  await expect(hidden).toContainText('Hidden');
  await hidden.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Show again' }).click();
  await expect(page.getByText('The vacancy is shown again.')).toBeVisible();
  await expect(hidden).toHaveCount(0);

  await page.getByRole('tab', { name: /^Active/ }).click();
  await expect(row).toContainText('Active');
  expect((await listOf(page, 'active')).content.map((vacancy) => vacancy.id)).toContain(target!.id);

  // the vacancy is delegated to a staff member; someone off the staff is refused on the field
  await row.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: /^(Assign a moderator|Change or remove the moderator)$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign a moderator' });
  await dialog.getByLabel("Staff member's e-mail").fill('nobody@example.ee');
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await expect(dialog.getByText(/^Wrong username/)).toBeVisible();
  await dialog.getByLabel("Staff member's e-mail").fill('employer@vakants.test');
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Jaan Tamm now moderates this vacancy.')).toBeVisible();
  await expect(row).toContainText('Jaan Tamm');
  await expectNoAxeViolations(page, 'my vacancies');

  // the editor shows the moderator too, and the supervisor takes the delegation off there
  await page.goto(`/en/employer/account/my-vacancies/${target!.id}/edit`);
  const moderator = page.getByRole('region', { name: 'Moderator' });
  await expect(moderator).toContainText('Moderator: Jaan Tamm');
  await expectNoAxeViolations(page, 'vacancy editor');
  await moderator.getByRole('button', { name: 'Change the moderator' }).click();
  const change = page.getByRole('dialog', { name: 'Assign a moderator' });
  await change.getByRole('button', { name: 'Remove the moderator' }).click();
  await expect(change).toBeHidden();
  await expect(moderator).toContainText('No moderator: the supervisor and the administrators handle its candidates.');
  await page.goto('/en/employer/account/my-vacancies?tab=active');
  await expect(row).toContainText('Active');
  await expect(row).not.toContainText('Jaan Tamm');

  // every other tab shows its count of rows, or its empty state with the way to a new vacancy
  const counts = (await listOf(page, 'all')).counts;
  for (const [tab, label] of [['drafts', 'Drafts'], ['waitingForPayment', 'Waiting for payment'], ['archive', 'Archive'], ['finished', 'Finished'], ['cvDatabase', 'CV database']] as const) {
    await page.getByRole('tab', { name: new RegExp(`^${label}`) }).click();
    await expect(page).toHaveURL(new RegExp(`\\?tab=${tab}$`));
    await expect(page.getByRole('tab', { name: new RegExp(`^${label}`) })).toContainText(String(counts[tab]));
    if (counts[tab] === 0) {
      await expect(page.getByRole('tabpanel').getByRole('link', { name: 'Create a vacancy' })).toBeVisible();
    } else {
      await expect(page.locator('tbody tr')).toHaveCount(Math.min(counts[tab]!, 20));
    }
  }
});
