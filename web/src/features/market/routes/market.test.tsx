import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import type { Listing } from '../api/types';
import { Component as Courses, loader } from './courses';

const routes = [{ path: 'employer/account/courses', element: <Courses /> }];

const listing: Listing = {
  id: 'l-1',
  kind: 'COURSE',
  title: 'Värbamise alused',
  provider: 'Personalikool OÜ',
  description: 'Kaks päeva.',
  languageCode: 'et',
  priceCents: 19900,
  startsOn: '2026-12-01',
  endsOn: '2026-12-02',
  link: 'https://personalikool.example',
  hidden: false,
  createdAt: '2026-11-01T08:00:00Z',
  updatedAt: '2026-11-01T08:00:00Z',
};

describe('courses', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each listing’s facts and link, and filters through the URL', async () => {
    const calls = fakeApi({ 'GET /api/employer/market': { body: [listing, { ...listing, id: 'l-2', title: 'Any time', priceCents: null, startsOn: null, endsOn: null }] } });
    await loader();
    await renderRoutes('/en/employer/account/courses', routes);

    const card = await screen.findByRole('article', { name: 'Värbamise alused' });
    expect(within(card).getByText('Provider: Personalikool OÜ')).toBeInTheDocument();
    expect(within(card).getByText('01.12.2026 – 02.12.2026')).toBeInTheDocument();
    expect(within(card).getByText('Estonian')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: "Open the provider's page" })).toHaveAttribute('href', 'https://personalikool.example');
    const free = screen.getByRole('article', { name: 'Any time' });
    expect(within(free).getByText('Free')).toBeInTheDocument();
    expect(within(free).getAllByText('Any time').length).toBeGreaterThan(0);

    await userEvent.selectOptions(screen.getByLabelText('Price'), 'free');
    await vi.waitFor(() => expect(calls.some((call) => new URL(call.url).searchParams.get('price') === 'free')).toBe(true));
    expect(new URL(calls[0].url).searchParams.get('kind')).toBe('COURSE');
  });

  it('says so when nothing matches the filters', async () => {
    fakeApi({ 'GET /api/employer/market': { body: [] } });
    await loader();
    await renderRoutes('/en/employer/account/courses?language=ru', routes);
    expect(await screen.findByText('Nothing matches these filters.')).toBeInTheDocument();
  });
});
