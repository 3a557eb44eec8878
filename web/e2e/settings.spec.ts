import { expect, test } from '@playwright/test';

import { expectNoAxeViolations } from './axe';
import { callApi, signIn } from './helpers';

// Every role's own settings, the notification centre and the applicant's invoices, each screen
// checked with axe-core (WCAG 2.2 A/AA) as its role.

test('an employer keeps their profile and mail preference, opens their data and the notification centre', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/en/login');
  await signIn(page, 'employer@vakants.test');
  // the demo employer represents several companies: sign-in ends by choosing one
  await page.getByRole('button', { name: /Vakants Demo OÜ/ }).click();
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto('/en/employer/account/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
  const newsletter = page.getByRole('checkbox', { name: 'Send me the Vakants newsletter and tips' });
  await expect(newsletter).toBeChecked();
  await expectNoAxeViolations(page, 'the employer profile');
  await newsletter.uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  // the demo employer's language is Estonian: saving it switches the interface to it
  await expect(page).toHaveURL(/\/et\/employer\/account\/profile$/);
  const me = await callApi<{ profile: { newsletterOptIn: boolean } }>(page, 'GET', '/api/open/me');
  expect(me.body.profile.newsletterOptIn).toBe(false);
  await page.goto('/en/employer/account/profile');
  await expect(newsletter).not.toBeChecked();
  await newsletter.check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/et\/employer\/account\/profile$/);

  await page.goto('/en/employer/account/my-data');
  await expect(page.getByRole('heading', { level: 1, name: 'My data' })).toBeVisible();
  await expect(page.getByText(/memberships of companies' staff end/)).toBeVisible();
  await expectNoAxeViolations(page, 'the employer my data');

  // the bell leads to the centre
  await page.getByRole('link', { name: /^Notifications/ }).click();
  await expect(page).toHaveURL(/\/en\/account\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark all read' })).toBeVisible();
  await expectNoAxeViolations(page, 'the employer notifications');
});

test('an applicant reads the notification centre, marks all read and opens their invoices', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/en/login');
  await signIn(page, 'applicant@vakants.test');
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto('/en/account/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expectNoAxeViolations(page, 'the applicant notifications');
  const markAll = page.getByRole('button', { name: 'Mark all read' });
  if (await markAll.isEnabled()) {
    await markAll.click();
    await expect(markAll).toBeDisabled();
    await expect(page.getByText('Unread', { exact: true })).toHaveCount(0);
  }
  const unread = await callApi<{ unread: number }>(page, 'GET', '/api/user/notifications/unread');
  expect(unread.body.unread).toBe(0);

  await page.goto('/en/account/my-invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'My invoices' })).toBeVisible();
  await expect(page.getByRole('tablist')).toBeVisible();
  await expectNoAxeViolations(page, 'the applicant invoices');
});

test('an administrator opens their data and the notification centre', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/en/login');
  await signIn(page, 'admin@vakants.test');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/en/admin/my-data');
  await expect(page.getByRole('heading', { level: 1, name: 'My data' })).toBeVisible();
  await expectNoAxeViolations(page, 'the administrator my data');
  await page.goto('/en/account/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expectNoAxeViolations(page, 'the administrator notifications');
});
