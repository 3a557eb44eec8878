import { expect, test } from '@playwright/test';

import { createCv, newEmail, outbox, registerApplicant, vacancyWithQuestions } from './helpers';

test('a new applicant saves a vacancy, applies answering its questions, withdraws and finds it cancelled', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = newEmail('apply');
  await registerApplicant(page, email);
  await createCv(page, 'Cook with five years in kitchens');
  const form = await vacancyWithQuestions(page, (candidate) => !candidate.cvNotRequired);

  // the vacancy page: save it as a favourite, then it is under my favourites
  await page.goto(`/en/vacancies/${form.vacancyId}`);
  const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  expect(title).not.toBe('');
  // the vacancy's own heart, beside its title (the similar vacancies' cards below carry theirs)
  const ownHeart = page.getByRole('heading', { level: 1 }).locator('..');
  await ownHeart.getByRole('button', { name: 'Add to favourites' }).click();
  await expect(ownHeart.getByRole('button', { name: 'Remove from favourites' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My favourites' }).click();
  await expect(page).toHaveURL(/\/en\/account\/my-favourites$/);
  await expect(page.getByRole('heading', { name: 'My favourites' })).toBeVisible();
  await expect(page.getByRole('article', { name: title })).toBeVisible();

  // apply: every question must be answered; the CV is preselected
  await page.getByRole('article', { name: title }).getByRole('link', { name: title }).click();
  await page.getByRole('link', { name: 'Apply', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/en/account/vacancies/${form.vacancyId}/apply$`));
  await expect(page.getByRole('heading', { name: 'Apply', exact: true })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Cook with five years in kitchens/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Without a CV' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Send the application' }).click();
  await expect(page.getByText('Please answer this question')).toHaveCount(form.questions.length);
  for (const [index, question] of form.questions.entries()) {
    await page.getByLabel(question.question).fill(`Answer ${index + 1}`);
  }
  await page.getByLabel('Cover letter').fill('I would love to cook for your guests.');
  await page.getByRole('button', { name: 'Send the application' }).click();

  // my applications, active tab: the row with its labels
  await expect(page).toHaveURL(/\/en\/account\/my-applications$/);
  await expect(page.getByText('Your application has been sent.')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Active' })).toHaveAttribute('aria-selected', 'true');
  const row = page.getByRole('article', { name: title });
  await expect(row.getByRole('link', { name: title })).toHaveAttribute('href', `/en/vacancies/${form.vacancyId}`);
  await expect(row.getByText('Not reviewed yet')).toBeVisible();
  await expect(row.getByText('New', { exact: true })).toBeVisible();

  // the vacancy page now shows the applied state, and applying again says so
  await page.goto(`/en/vacancies/${form.vacancyId}`);
  await expect(page.getByRole('button', { name: 'Applied', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Apply', exact: true })).toHaveCount(0);
  await page.goto(`/en/account/vacancies/${form.vacancyId}/apply`);
  await expect(page.getByRole('alert')).toContainText('This position has already been applied');

  // the confirmation mail links to the application, which only its applicant can open
  const mail = (await outbox(page, email)).find((item) => item.subject.startsWith('Your application'));
  const link = mail?.text.match(/\/en\/application\/[0-9a-f-]{36}/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Your application' })).toBeVisible();
  await expect(page.getByText('I would love to cook for your guests.')).toBeVisible();
  await expect(page.getByText(form.questions[0].question)).toBeVisible();
  await expect(page.getByText('Cook with five years in kitchens')).toBeVisible();

  // withdraw it: gone from active, found under cancelled
  await page.goto('/en/account/my-applications');
  await page.getByRole('article', { name: title }).getByRole('button', { name: 'Withdraw' }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw the application?' });
  await dialog.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByText('The application has been withdrawn.')).toBeVisible();
  await expect(page.getByText('You have no active applications.')).toBeVisible();
  await page.getByRole('tab', { name: 'Cancelled' }).click();
  await expect(page).toHaveURL(/\/en\/account\/my-applications\?tab=cancelled$/);
  const cancelled = page.getByRole('article', { name: title });
  await expect(cancelled.getByText(/^Withdrawn \d{2}\.\d{2}\.\d{4}$/)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Cancelled' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('article', { name: title })).toBeVisible();

  // the heart on the favourites page removes the vacancy there
  await page.goto('/en/account/my-favourites');
  await page.getByRole('article', { name: title }).getByRole('button', { name: 'Remove from favourites' }).click();
  await expect(page.getByRole('article', { name: title })).toHaveCount(0);
  await expect(page.getByText('You have no favourites yet.', { exact: false })).toBeVisible();
});

test('a visitor following an application link signs in first; the link shows nothing to a visitor', async ({ page }) => {
  const link = '/en/application/00000000-0000-4000-8000-000000000000';
  await page.goto(link);
  await expect(page).toHaveURL(/\/en\/login\?p=%2Fen%2Fapplication%2F00000000-0000-4000-8000-000000000000$/);
  const response = await page.request.get('/api/open/application/00000000-0000-4000-8000-000000000000');
  expect(response.status()).toBe(404);
});
