import { expect, type Locator, type Page, test } from '@playwright/test';

import { expectNoAxeViolations } from './axe';
import { codeFor, createCv, newEmail, registerApplicant, vacancyWithQuestions } from './helpers';

// The keyboard path: what a person without a mouse does, with Tab, Shift+Tab, Enter and typing
// only — every control on the way is reached in the tab order and works from the keyboard.

/** Presses Tab until `target` has the focus; fails when it is not in the tab order. */
async function tabTo(page: Page, target: Locator, presses = 60): Promise<void> {
  const element = await target.elementHandle();
  if (!element) throw new Error('no such element to tab to');
  for (let i = 0; i <= presses; i++) {
    if (await element.evaluate((node) => node === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${await target.evaluate((node) => node.outerHTML.slice(0, 120))} is not reached with Tab`);
}

test('an applicant signs in and applies with the keyboard only', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  // an applicant with a CV, and a vacancy whose form asks questions and wants a CV
  const email = newEmail('keyboard');
  const setup = await (await browser.newContext()).newPage();
  await registerApplicant(setup, email, ['Kai', 'Klaviatuur']);
  await createCv(setup, 'Cook who never uses a mouse', ['Kai', 'Klaviatuur']);
  const form = await vacancyWithQuestions(setup, (candidate) => !candidate.cvNotRequired);
  await setup.context().close();

  // sign-in: e-mail, Enter; code, Enter
  await page.goto('/en/login');
  // each step puts the focus on its field
  await expect(page.getByLabel('E-mail')).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  const code = page.getByLabel('Code');
  await expect(code).toBeVisible();
  await expectNoAxeViolations(page, 'sign-in code step');
  await expect(code).toBeFocused();
  await page.keyboard.type(await codeFor(page, email));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/account\/profile$/);

  // the vacancy: Apply is a link in the tab order
  await page.goto(`/en/vacancies/${form.vacancyId}`);
  await tabTo(page, page.getByRole('link', { name: 'Apply', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Apply', exact: true })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Cook who never uses a mouse/ })).toBeChecked();
  await expectNoAxeViolations(page, 'apply');

  // every question answered, then sent with Enter on the button
  for (const [index, question] of form.questions.entries()) {
    await tabTo(page, page.getByLabel(question.question));
    await page.keyboard.type(`Answer ${index + 1}`);
  }
  await tabTo(page, page.getByRole('button', { name: 'Send the application' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your application has been sent.')).toBeVisible();
  await expect(page).toHaveURL(/\/en\/account\/my-applications/);
  await expectNoAxeViolations(page, 'my applications after applying');
});
