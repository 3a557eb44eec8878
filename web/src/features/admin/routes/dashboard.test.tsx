import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { Component as Dashboard, dayLabel, loader } from './dashboard';

const routes = [{ path: 'admin', element: <Dashboard /> }];

const days = Array.from({ length: 30 }, (_, index) => {
  const day = new Date(Date.UTC(2026, 9, 27 + index)).toISOString().slice(0, 10);
  return { day, count: index === 29 ? 2 : index === 28 ? 1 : 0 };
});
const board = {
  today: '2026-11-25',
  vacanciesLive: 12,
  publishedToday: 2,
  applicationsToday: 5,
  revenuePaidCents: 10788,
  revenueUnpaidCents: 3596,
  cvDatabaseSize: 431,
  publishedPerDay: days,
};

describe('the back office dashboard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each figure of one call, the revenue in euros, and the chart of 30 days', async () => {
    const calls = fakeApi({ 'GET /api/admin/dashboard': { body: board } });
    await loader();
    await renderRoutes('/en/admin', routes);

    const figure = async (name: string) => within(await screen.findByRole('region', { name })).getByText;
    expect((await figure('Vacancies live'))('12')).toBeInTheDocument();
    expect((await figure('Published today'))('2')).toBeInTheDocument();
    expect((await figure('Applications today'))('5')).toBeInTheDocument();
    expect((await figure('Paid this month'))('€107.88')).toBeInTheDocument();
    expect((await figure('Unpaid this month'))('€35.96')).toBeInTheDocument();
    expect((await figure('CVs in the CV database'))('431')).toBeInTheDocument();
    expect(screen.getByText('Today is 25.11.2026 (Tallinn).')).toBeInTheDocument();
    const chart = screen.getByRole('region', { name: 'Vacancies published, last 30 days' });
    expect(within(chart).getByText('Published: 3')).toBeInTheDocument();
    expect(calls.filter((call) => new URL(call.url).pathname === '/api/admin/dashboard')).toHaveLength(1);
  });

  it('shows the refusal when the figures cannot be read', async () => {
    fakeApi({ 'GET /api/admin/dashboard': { status: 403, body: { message: 'Forbidden', code: 'forbidden' } } });
    await loader();
    await renderRoutes('/en/admin', routes);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });

  it('labels the chart days as day and month', () => {
    expect(dayLabel('2026-11-05')).toBe('05.11');
  });
});
