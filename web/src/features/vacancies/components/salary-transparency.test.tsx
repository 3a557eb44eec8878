import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { SalaryStats } from '@/shared/vacancies/api';
import { renderRoutes } from '@/test/render';

import { SalaryTransparencyView } from './salary-transparency';

const monthly: SalaryStats = {
  period: { periodType: 'MONTH', label: 'per month' },
  count: 840,
  min: 900,
  max: 5000,
  avg: 2012.4,
  p25: 1500,
  median: 1900.5,
  p75: 2400,
  histogram: [
    { from: null, to: 1500, count: 200 },
    { from: 1500, to: 2000, count: 400 },
    { from: 2000, to: 2500, count: 0 },
    { from: 2500, to: 3000, count: 240 },
  ],
};

const hourly: SalaryStats = {
  period: { periodType: 'HOUR', label: 'per hour' },
  count: 1,
  min: 7.5,
  max: 9.25,
  avg: 8.375,
  p25: 8.375,
  median: 8.375,
  p75: 8.375,
  histogram: [{ from: 8.3, to: 8.4, count: 1 }],
};

async function show(
  stats: SalaryStats[],
  options: { collapsed?: boolean; language?: 'en' | 'et' | 'ru'; share?: { stated: number; total: number } } = {},
) {
  const element = <SalaryTransparencyView stats={stats} language={options.language ?? 'en'} collapsed={options.collapsed} share={options.share} />;
  return renderRoutes(`/${options.language ?? 'en'}/vacancies`, [{ path: 'vacancies', element }], options.language ?? 'en');
}

describe('salary transparency', () => {
  it('shows each pay period on its own with its median, middle half, extremes and histogram', async () => {
    await show([monthly, hourly]);
    const panel = await screen.findByRole('region', { name: 'Salaries in this search' });
    const month = within(panel).getByRole('region', { name: 'Monthly pay' });
    expect(within(month).getByText('840 vacancies')).toBeInTheDocument();
    expect(within(month).getByText('Median €1,901 · middle half €1,500 – €2,400')).toBeInTheDocument();
    expect(within(month).getByText('Lowest €900, highest €5,000, average €2,012')).toBeInTheDocument();
    const bars = within(within(month).getByRole('list', { name: 'Monthly pay: how many vacancies pay how much' })).getAllByRole('listitem');
    expect(bars.map((bar) => bar.getAttribute('aria-label'))).toEqual([
      'under €1,500: 200 vacancies',
      '€1,500 – €2,000: 400 vacancies',
      '€2,000 – €2,500: 0 vacancies',
      '€2,500 – €3,000: 240 vacancies',
    ]);
    // as tall as their share of the fullest bar; an empty one has no height
    expect(bars.map((bar) => bar.style.height)).toEqual(['50%', '100%', '0%', '60%']);

    // an hourly salary is never mixed into the monthly figures, and keeps its cents
    const hour = within(panel).getByRole('region', { name: 'Hourly pay' });
    expect(within(hour).getByText('1 vacancy')).toBeInTheDocument();
    expect(within(hour).getByText('Median €8.38 · middle half €8.38 – €8.38')).toBeInTheDocument();
    expect(within(hour).getByText('Lowest €7.50, highest €9.25, average €8.38')).toBeInTheDocument();
  });

  it('shows only the summary lines until the distribution is opened in the narrow layout', async () => {
    await show([monthly], { collapsed: true });
    const panel = await screen.findByRole('region', { name: 'Salaries in this search' });
    expect(within(panel).getByText('Median €1,901 · middle half €1,500 – €2,400')).toBeInTheDocument();
    expect(within(panel).queryByRole('list')).not.toBeInTheDocument();
    const toggle = within(panel).getByRole('button', { name: 'Show the distribution' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(within(panel).getByRole('list', { name: 'Monthly pay: how many vacancies pay how much' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Hide the distribution' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('is translated, and names a period it does not know by its label', async () => {
    await show([{ ...monthly, period: { periodType: 'WEEK', label: 'nädalas' } }, { ...hourly, period: null }], { language: 'et' });
    const panel = await screen.findByRole('region', { name: 'Palgad selles otsingus' });
    expect(within(panel).getByRole('region', { name: 'nädalas' })).toBeInTheDocument();
    expect(within(panel).getByRole('region', { name: 'Palgaperioodita' })).toBeInTheDocument();
    expect(within(panel).getByText('840 kuulutust')).toBeInTheDocument();
  });

  it('shows nothing when no matching vacancy states a salary', async () => {
    await show([]);
    expect(screen.queryByRole('region', { name: 'Salaries in this search' })).not.toBeInTheDocument();
  });

  it('says what share of the ads in the search state a pay range, in every language', async () => {
    const texts = { en: '62% of these ads state a pay range', et: '62% neist kuulutustest annab palgavahemiku', ru: '62 % этих объявлений указывают диапазон зарплаты' };
    for (const [language, text] of Object.entries(texts) as ['en' | 'et' | 'ru', string][]) {
      const { unmount } = await show([monthly], { language, share: { stated: 841, total: 1356 } });
      expect(await screen.findByText(text)).toBeInTheDocument();
      unmount();
    }
  });
});
