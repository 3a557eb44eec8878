import { expect, type Page, test } from '@playwright/test';

import { callApi } from './helpers';

type Stats = { period: { periodType: string } | null; count: number; median: number; histogram: { count: number }[] };

const panel = (page: Page) => page.getByRole('region', { name: 'Salaries in this search' });
const euros = (amount: number) =>
  new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR', maximumFractionDigits: amount >= 100 ? 0 : 2 }).format(
    amount >= 100 ? Math.round(amount) : amount,
  );

async function statsOf(page: Page, filter: object): Promise<Stats[]> {
  const answer = await callApi<{ salaryStats: Stats[] }>(page, 'POST', '/api/open/search?size=1', filter);
  expect(answer.status).toBe(200);
  return answer.body.salaryStats;
}

test('the search page shows what the vacancies of the current search pay, per pay period', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/en/vacancies');
  const all = await statsOf(page, {});
  const periods = all.map((stats) => stats.period?.periodType);
  // the demo data states monthly and hourly pay: never one figure of both
  expect(periods).toEqual(expect.arrayContaining(['MONTH', 'HOUR']));
  const monthly = all.find((stats) => stats.period?.periodType === 'MONTH');
  if (!monthly) throw new Error('no monthly statistics');

  const month = panel(page).getByRole('region', { name: 'Monthly pay' });
  await expect(month.getByText(`${monthly.count} vacancies`)).toBeVisible();
  await expect(month.getByText(new RegExp(`^Median ${euros(monthly.median).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · middle half `))).toBeVisible();
  const bars = month.getByRole('list', { name: 'Monthly pay: how many vacancies pay how much' }).getByRole('listitem');
  await expect(bars).toHaveCount(monthly.histogram.length);
  await expect(panel(page).getByRole('region', { name: 'Hourly pay' })).toBeVisible();

  // the current filters: only hourly pay
  await page.goto('/en/vacancies?salaryPeriod=HOUR');
  const hourly = await statsOf(page, { salaryPeriod: 'HOUR' });
  expect(hourly.map((stats) => stats.period?.periodType)).toEqual(['HOUR']);
  await expect(panel(page).getByRole('region', { name: 'Hourly pay' }).getByText(`${hourly[0].count} ${hourly[0].count === 1 ? 'vacancy' : 'vacancies'}`)).toBeVisible();
  await expect(panel(page).getByRole('region', { name: 'Monthly pay' })).toHaveCount(0);

  // narrow: above the cards, the summary until the distribution is opened
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/et/vacancies');
  const narrow = page.getByRole('region', { name: 'Palgad selles otsingus' });
  await expect(narrow.getByRole('region', { name: 'Kuupalk' })).toBeVisible();
  await expect(narrow.getByRole('list')).toHaveCount(0);
  await narrow.getByRole('button', { name: 'Näita jaotust' }).click();
  await expect(narrow.getByRole('list', { name: 'Kuupalk: mitu kuulutust kui palju maksab' })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
});
