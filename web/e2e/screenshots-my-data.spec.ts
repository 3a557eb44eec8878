import { expect, test } from '@playwright/test';

import { chooseFiles, fillCvToAdditionalStep, PNG } from './cv-wizard';
import { newEmail, pdfWithText, registerApplicant } from './helpers';

// Pictures to look at, not assertions: run with `SCREENSHOTS=1 scripts/web-e2e.sh screenshots-my-data`.
test.skip(!process.env.SCREENSHOTS, 'screenshots are taken on request');

for (const width of [375, 1280]) {
  test(`row files, CV list and my data at ${width} px`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    const shot = (name: string) => page.screenshot({ path: `e2e/screenshots/${width}-${name}.png`, fullPage: true });
    const email = newEmail(`shotdata${width}`);
    await registerApplicant(page, email);

    await page.goto('/en/account/create-cv');
    await fillCvToAdditionalStep(page, 'Pastry chef');
    await page.getByRole('button', { name: 'Add a certificate' }).click();
    await page.getByRole('textbox', { name: /^Certificate/ }).fill('Food hygiene');
    await page.getByRole('textbox', { name: /^Year/ }).fill('2021');
    await chooseFiles(page, 'Attach a file', [{ name: 'food-hygiene-certificate-2021.pdf', mimeType: 'application/pdf', buffer: pdfWithText('Food hygiene') }]);
    await expect(page.getByRole('link', { name: 'food-hygiene-certificate-2021.pdf' })).toBeVisible();
    await page.getByRole('button', { name: 'Add a course' }).click();
    await page.getByRole('textbox', { name: /^Course/ }).fill('Sourdough baking');
    await page.getByRole('textbox', { name: /^Organizer/ }).fill('Leivakool');
    await chooseFiles(page, 'Attach a file', [{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') }]);
    await expect(page.getByText(/^Wrong file:/)).toBeVisible();
    await page.getByRole('button', { name: 'Add a portfolio item' }).click();
    await page.getByRole('textbox', { name: /^Description/ }).fill('Wedding cakes');
    await chooseFiles(page, 'Attach files', [
      { name: 'cake.png', mimeType: 'image/png', buffer: PNG },
      { name: 'recipe.pdf', mimeType: 'application/pdf', buffer: pdfWithText('Recipe') },
    ]);
    await expect(page.getByRole('link', { name: 'recipe.pdf' })).toBeVisible();
    await shot('cv-row-files');

    await page.getByRole('button', { name: 'Remove course 1' }).click();
    await page.getByRole('button', { name: 'Save the CV' }).click();
    await expect(page).toHaveURL(/\/en\/account\/my-cv$/);
    await expect(page.getByRole('button', { name: 'Download PDF' })).toBeVisible();
    await shot('cv-list-pdf');

    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('button', { name: 'Download PDF' })).toBeVisible();
    await page.screenshot({ path: `e2e/screenshots/${width}-cv-wizard-pdf.png` });

    await page.goto('/en/account/my-data');
    await expect(page.getByRole('heading', { level: 1, name: 'My data' })).toBeVisible();
    await shot('my-data');
    await page.getByLabel('Type your e-mail address to confirm').fill('someone@example.ee');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByText('The e-mail address does not match your account')).toBeVisible();
    await shot('my-data-error');
    await page.getByLabel('Type your e-mail address to confirm').fill(email);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Delete for good' })).toBeVisible();
    await page.screenshot({ path: `e2e/screenshots/${width}-my-data-confirm.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');

    await page.goto('/ru/account/my-data');
    await expect(page.getByRole('heading', { level: 1, name: 'Мои данные' })).toBeVisible();
    await shot('my-data-ru');
  });
}
