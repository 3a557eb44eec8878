import { expect, test } from '@playwright/test';

import { signIn } from './helpers';

// Pictures to look at, not assertions: run with `SCREENSHOTS=1 scripts/web-e2e.sh screenshots-interviews`.
// It only looks: the demo applicant's invitation is accepted by interviews.spec.ts alone, so the
// accept dialog is pictured when that journey has not run before it. One sign-in serves both
// widths (a new code for the same account can be asked for once a minute).
/** A modal fades in; the picture waits until it has. */
const MODAL_SETTLE_MS = 400;

test.skip(!process.env.SCREENSHOTS, 'screenshots are taken on request');

test('interviews and calendar at 375 px and 1280 px', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/et/account/my-interviews');
  await signIn(page, 'applicant@vakants.test', 'et');
  await expect(page.getByRole('heading', { level: 1, name: 'Minu intervjuud' })).toBeVisible();

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    const shot = (name: string) => page.screenshot({ path: `e2e/screenshots/${width}-${name}.png`, fullPage: true });

    await page.goto('/et/account/my-interviews');
    await expect(page.getByRole('article').first()).toBeVisible();
    await shot('interviews-all');
    for (const [tab, name] of [['Kinnitatud', 'accepted'], ['Tühistatud', 'canceled'], ['Toimunud', 'completed'], ['Kinnitamata', 'invited']]) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('article').or(page.getByRole('heading', { level: 2 })).first()).toBeVisible();
      await shot(`interviews-${name}`);
    }

    const accept = page.getByRole('button', { name: 'Vali aeg' });
    if (await accept.count()) {
      await accept.first().click();
      const dialog = page.getByRole('dialog', { name: 'Kinnita kutse' });
      await dialog.getByRole('radio').first().check();
      await expect(dialog.getByText(/Sinu intervjuu:/)).toBeVisible();
      await page.waitForTimeout(MODAL_SETTLE_MS);
      await page.screenshot({ path: `e2e/screenshots/${width}-interviews-accept-dialog.png` });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }

    await page.goto('/et/account/calendar');
    await expect(page.locator('.fc-daygrid-day').first()).toBeVisible();
    await shot('calendar-month');
    await page.getByText('Nädal', { exact: true }).click();
    await expect(page.locator('.fc-timegrid').first()).toBeVisible();
    await shot('calendar-week');
    await page.getByRole('button', { name: 'Järgmine' }).click();
    await shot('calendar-week-next');
    await page.getByRole('button', { name: 'Uus sündmus' }).click();
    await expect(page.getByRole('dialog', { name: 'Uus sündmus' })).toBeVisible();
    await page.waitForTimeout(MODAL_SETTLE_MS);
    await page.screenshot({ path: `e2e/screenshots/${width}-calendar-event-dialog.png` });
    await page.keyboard.press('Escape');
  }
});
