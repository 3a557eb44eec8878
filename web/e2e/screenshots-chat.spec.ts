import { expect, test } from '@playwright/test';

import { chatScene } from './chat-scene';

// Pictures to look at, not assertions: run with `SCREENSHOTS=1 scripts/web-e2e.sh screenshots-chat`.
test.skip(!process.env.SCREENSHOTS, 'screenshots are taken on request');

test('both messages pages at 375 px and 1280 px', async ({ browser }) => {
  test.setTimeout(120_000);
  const { employer, applicant, chatId } = await chatScene(browser, 'et');
  await employer.goto(`/et/employer/account/messages?chat=${chatId}`);
  await employer.getByRole('textbox', { name: 'Sõnum' }).fill('Tere, Kati! Kas sobiks proovipäev reedel kell 10? Info: https://vakants.test/proov');
  await employer.getByRole('button', { name: 'Saada' }).click();
  await applicant.goto(`/et/account/messages?chat=${chatId}`);
  await applicant.getByRole('textbox', { name: 'Sõnum' }).fill('Tere! Sobib väga hästi, tulen kohale.');
  await applicant.getByRole('button', { name: 'Saada' }).click();
  await expect(applicant.getByRole('log').getByText('Tere! Sobib väga hästi, tulen kohale.')).toBeVisible();

  for (const width of [375, 1280]) {
    for (const [page, name, path] of [
      [applicant, 'messages-applicant', `/et/account/messages?chat=${chatId}`],
      [employer, 'messages-employer', `/et/employer/account/messages?chat=${chatId}`],
    ] as const) {
      await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
      await page.goto(path);
      await expect(page.getByRole('log').getByText('Tere! Sobib väga hästi, tulen kohale.')).toBeVisible();
      await page.screenshot({ path: `e2e/screenshots/${width}-${name}.png`, fullPage: true });
    }
    await applicant.goto('/et/account/messages');
    await applicant.evaluate(() => window.localStorage.removeItem('lastChat'));
    await applicant.goto('/et/account/messages');
    await expect(applicant.getByRole('navigation', { name: 'Vestlused' }).getByRole('button').first()).toBeVisible();
    await applicant.screenshot({ path: `e2e/screenshots/${width}-messages-list.png`, fullPage: true });
  }
});
