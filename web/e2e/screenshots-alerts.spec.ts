import { expect, test } from '@playwright/test';

import { newEmail, outbox, registerApplicant } from './helpers';

// Pictures to look at, not assertions: run with `SCREENSHOTS=1 scripts/web-e2e.sh screenshots-alerts`.
test.skip(!process.env.SCREENSHOTS, 'screenshots are taken on request');

for (const width of [375, 1280]) {
  test(`save search, my alerts, a visitor's pages at ${width} px`, async ({ page, browser }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    const shot = (target: typeof page, name: string) => target.screenshot({ path: `e2e/screenshots/${width}-${name}.png`, fullPage: true });
    await registerApplicant(page, newEmail(`shotalerts${width}`));
    for (const [query, frequency] of [
      ['categoryCode=CATERING&occupation=kokk', 'At once'],
      ['categoryCode=IT', 'Once a week'],
    ]) {
      await page.goto(`/en/vacancies?${query}`);
      await page.getByRole('button', { name: 'Save search' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save this search' });
      await dialog.getByText(frequency).click();
      if (frequency === 'At once') await shot(page, 'alerts-save-dialog');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('link', { name: 'Search saved' })).toBeVisible();
    }
    await shot(page, 'alerts-search-saved');
    await page.goto('/en/account/my-alerts');
    await expect(page.getByRole('article')).toHaveCount(2);
    await shot(page, 'alerts-my-alerts');

    const visitor = await browser.newPage({ viewport: { width, height: width < 500 ? 812 : 900 } });
    const email = newEmail(`shotvisitor${width}`);
    await visitor.goto('/en/vacancies?categoryCode=IT');
    await visitor.getByRole('button', { name: 'Save search' }).click();
    const dialog = visitor.getByRole('dialog', { name: 'Save this search' });
    await dialog.getByRole('textbox', { name: /Your e-mail/ }).fill(email);
    await shot(visitor, 'alerts-visitor-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('status')).toBeVisible();
    const link = (await outbox(visitor, email))[0].text.match(/\/en\/alerts\/confirm\/\S+/)![0];
    await visitor.goto(link);
    await expect(visitor.getByRole('article')).toHaveCount(1);
    await shot(visitor, 'alerts-visitor-confirmed');
    await visitor.goto(link.replace('/confirm/', '/unsubscribe/'));
    await expect(visitor.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();
    await shot(visitor, 'alerts-unsubscribe');
  });
}
