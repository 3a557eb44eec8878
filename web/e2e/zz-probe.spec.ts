import { writeFileSync } from 'node:fs';
import { test } from '@playwright/test';
import { axeViolations } from './axe';
import { signIn } from './helpers';

test('probe', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/en/login');
  await signIn(page, 'employer@vakants.test');
  await page.getByRole('button', { name: /Vakants Demo OÜ/ }).click();
  await page.waitForURL(/my-company/);
  const out: unknown[] = [];
  for (const path of ['/en/employer/account/my-calendar']) {
    await page.goto(path);
    await page.locator('h1').first().waitFor();
    await page.waitForTimeout(3000);
    const v = await axeViolations(page);
    out.push({ path, v: v.map((x) => ({ id: x.id, nodes: x.nodes.map((n) => ({ html: n.html.slice(0, 300), target: n.target, summary: n.failureSummary })) })) });
    out.push({ grid: (await page.locator('.fc-scrollgrid').first().evaluate((e) => e.outerHTML)).slice(0, 6000) });
  }
  writeFileSync('/tmp/a11y-probe.json', JSON.stringify(out, null, 1));
});
