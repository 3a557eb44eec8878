import { expect, type Locator, type Page, test } from '@playwright/test';

import { expectNoAxeViolations } from './axe';
import { createCv, newEmail, registerApplicant, signIn, vacancyWithQuestions } from './helpers';
import { findableWord, heading, setContract } from './vacancy-wizard';

// The keyboard path: what a person without a mouse does, with Tab, Shift+Tab, Enter and typing
// only — every control on the way is reached in the tab order, works from the keyboard and shows
// where the focus is.

/** Presses Tab (Shift+Tab when `backwards`) until `target` has the focus; fails when it is not in the tab order. */
async function tabTo(page: Page, target: Locator, { presses = 60, backwards = false } = {}): Promise<void> {
  const element = await target.elementHandle();
  if (!element) throw new Error('no such element to tab to');
  for (let i = 0; i <= presses; i++) {
    if (await element.evaluate((node) => node === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${await target.evaluate((node) => node.outerHTML.slice(0, 120))} is not reached with Tab`);
}

/**
 * Fails unless the focused element shows it has the focus: an outline (Mantine's focus ring, the
 * editor's) or, for a field, its border in the primary colour.
 */
async function expectVisibleFocus(page: Page): Promise<void> {
  // polled: a field's border takes its colour in a short transition
  const seen = () =>
    page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return 'nothing has the focus';
      const style = getComputedStyle(element);
      if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1) return 'outline';
      const probe = document.body.appendChild(document.createElement('span'));
      probe.style.color = 'var(--mantine-primary-color-filled)';
      const primary = getComputedStyle(probe).color;
      probe.remove();
      if (style.borderTopColor === primary) return 'border';
      return `no visible focus (border ${style.borderTopColor}, primary ${primary}) on ${element.outerHTML.slice(0, 120)}`;
    });
  await expect.poll(seen, { timeout: 2_000 }).toMatch(/^(outline|border)$/);
}

/** Tabs to `target` and checks that its focus is visible. */
async function focusOn(page: Page, target: Locator, backwards = false): Promise<void> {
  await tabTo(page, target, { backwards });
  await expectVisibleFocus(page);
}

/** In an open list of choices (a select's), moves with the arrows to the option `name` and picks it with Enter. */
async function pickWithArrows(page: Page, name: string): Promise<void> {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('ArrowDown');
    const active = page.locator('[role="option"][data-combobox-selected]');
    if ((await active.count()) > 0 && ((await active.first().textContent()) ?? '').trim() === name) {
      await page.keyboard.press('Enter');
      return;
    }
  }
  throw new Error(`the option "${name}" is not reached with the arrows`);
}

/** Tabs to the select `label`, types `search` when it searches, and picks `option` with the arrows. */
async function choose(page: Page, label: string, option: string, search?: string): Promise<void> {
  const field = page.getByRole('combobox', { name: label });
  await focusOn(page, field);
  if (search) await page.keyboard.type(search);
  await pickWithArrows(page, option);
  await expect(field).toHaveValue(option);
}

/** Tabs to the field `label` and types `text` into it. */
async function typeInto(page: Page, target: Locator, text: string): Promise<void> {
  await focusOn(page, target);
  await page.keyboard.type(text);
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

  // sign-in: e-mail, Enter; code, Enter; each step puts the focus on its field
  await page.goto('/en/login');
  await signIn(page, email, 'en', { keyboard: true, atCodeStep: () => expectNoAxeViolations(page, 'sign-in code step') });
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

test('an employer signs in, writes and publishes a vacancy and pays its invoice with the keyboard only', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  // a company without a contract: publishing makes an invoice that is paid before the vacancy goes live
  await setContract(browser, '10000001', false);

  await page.goto('/en/login');
  await signIn(page, 'employer@vakants.test', 'en', { keyboard: true });
  await expect(page.getByRole('heading', { name: 'Choose a company' })).toBeVisible();
  await focusOn(page, page.getByRole('button', { name: /Tartu Näidisehitus AS/ }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/employer\/account\/my-company$/);

  // to the wizard through the header's link and the vacancy list
  await focusOn(page, page.getByRole('banner').getByRole('link', { name: 'My vacancies' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/my-vacancies$/);
  await focusOn(page, page.getByRole('link', { name: 'Create a vacancy' }).first());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'New vacancy' })).toBeVisible();

  // the first step: selects with typing and the arrows, the texts in both languages (the editor lets Tab out)
  await heading(page, 'Basic info');
  await choose(page, 'Occupation', 'Cook', 'Cook');
  await choose(page, 'Type of employment', 'Full-time');
  await choose(page, 'Town or municipality', 'Tallinn', 'Tallinn');
  await typeInto(page, page.getByRole('textbox', { name: 'Address' }), 'Pärnu mnt 10, 10148 Tallinn');
  await typeInto(page, page.getByRole('textbox', { name: 'Salary from' }), '1400');
  await typeInto(page, page.getByRole('textbox', { name: 'Salary to' }), '1900');
  await choose(page, 'Salary period', 'per month');
  await typeInto(page, page.getByRole('textbox', { name: 'Teaser (Estonian)' }), 'Kokk, kes ei kasuta hiirt');
  await typeInto(page, page.getByRole('textbox', { name: 'Text (Estonian)' }), `Otsime kokka. Sinu eriala: ${findableWord()}.`);
  // the language tabs (above the texts): the chosen one is in the tab order, the arrows move to the next
  await focusOn(page, page.getByRole('tab', { name: 'Estonian' }), true);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'English' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'English' })).toHaveAttribute('aria-selected', 'true');
  await typeInto(page, page.getByRole('textbox', { name: 'Teaser (English)' }), 'A cook who never uses a mouse');
  await typeInto(page, page.getByRole('textbox', { name: 'Text (English)' }), 'We are looking for a cook.');
  await expect(page.getByRole('textbox', { name: 'Text (English)' })).toContainText('We are looking for a cook.');

  // straight to the publish step with the stepper (every step saves on the way)
  await focusOn(page, page.getByRole('button', { name: 'Publishing' }));
  await page.keyboard.press('Enter');
  await heading(page, 'Publishing');
  await expect(page.getByRole('radio', { name: 'Vacancy up to 30 days' })).toBeChecked();
  await expectNoAxeViolations(page, 'the publish step');
  await focusOn(page, page.getByRole('button', { name: 'Publish', exact: true }));
  await page.keyboard.press('Enter');

  // the invoice: Pay now opens the pay dialog with the focus inside it
  await expect(page.getByRole('heading', { name: 'Your vacancy is waiting for payment' })).toBeVisible();
  await focusOn(page, page.getByRole('button', { name: 'Pay now' }));
  await page.keyboard.press('Enter');
  const pay = page.getByRole('dialog', { name: 'Pay the invoice' });
  await expect(pay.getByRole('radio').first()).toBeVisible();
  await expect.poll(() => pay.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  await expectNoAxeViolations(page, 'the pay dialog');
  // the methods are one radio group: Tab enters it, the arrows choose
  await focusOn(page, pay.getByRole('radio').first());
  const byCard = pay.getByRole('radio', { name: 'By card' });
  for (let i = 0; i < 10 && !(await byCard.isChecked()); i++) await page.keyboard.press('ArrowDown');
  await expect(byCard).toBeChecked();
  await expect(byCard).toBeFocused();
  await focusOn(page, pay.getByRole('button', { name: 'Go to payment' }));
  await page.keyboard.press('Enter');

  // the provider's page (the sandbox), then back to the return page
  await expect(page).toHaveURL(/\/api\/dev\/payment-sandbox\//);
  await tabTo(page, page.getByRole('button', { name: 'Paid' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  await expectNoAxeViolations(page, 'payment received');
  await focusOn(page, page.getByRole('link', { name: 'Open the vacancy' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/employer\/account\/my-vacancies\/[0-9a-f-]{36}\/preview$/);
});
