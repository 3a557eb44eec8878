import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';
import { vacancyCard } from '@/test/vacancy-card';

import type { Recommendation, Recommendations } from '../api/types';
import { loadRecommendationTexts } from '../texts';
import { ForYou } from './for-you';

const me = { username: 'mari@example.ee', roles: ['USER', 'APPLICANT'], profile: {} };
const label = (et: string, en: string, ru: string) => ({ et, en, ru });
const cook: Recommendation = {
  vacancy: vacancyCard('v-cook', 'Cook'),
  reasons: [
    { kind: 'category', label: label('IT', 'IT', 'ИТ') },
    { kind: 'place', label: label('Tallinn', 'Tallinn', 'Таллинн') },
    { kind: 'language', label: label('Inglise keel C1', 'English C1', 'Английский C1') },
  ],
};
const baker: Recommendation = { vacancy: vacancyCard('v-baker', 'Baker'), reasons: [{ kind: 'words', label: label('Sõnad', 'Words of your CV', 'Слова резюме') }] };

/** The server's list: hiding takes the cook out (the body is checked by the test), undoing puts it back. */
function server(items: Recommendation[], cvId: string | null = 'cv-1') {
  const hidden = new Set<string>();
  const calls = fakeApi({
    'GET /api/open/me': { body: me },
    'GET /api/user/recommendations': () => ({ body: { cvId, items: items.filter((item) => !hidden.has(item.vacancy.vacancyId)) } satisfies Recommendations }),
    'POST /api/user/recommendations/hidden': () => {
      hidden.add('v-cook');
      return { status: 204 };
    },
    'DELETE /api/user/recommendations/hidden/v-cook': () => {
      hidden.delete('v-cook');
      return { status: 204 };
    },
  });
  return calls;
}

const at = (place: 'home' | 'profile', size = 20) => [{ path: 'account/profile', element: <ForYou language="en" size={size} place={place} /> }, { path: 'account/create-cv', element: <p>the CV wizard</p> }];

describe('vacancies for you', () => {
  beforeAll(async () => {
    await loadRecommendationTexts();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows each vacancy with the reasons it fits in the interface language', async () => {
    const calls = server([cook, baker]);
    await renderRoutes('/en/account/profile', at('profile', 20));
    const section = await screen.findByRole('region', { name: 'Vacancies for you' });
    const card = await within(section).findByRole('article', { name: 'Cook' });
    expect(within(card).getByText('IT · Tallinn · English C1')).toBeInTheDocument();
    expect(within(card).getByText('Fits your CV:')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Baker' })).getByText('Words of your CV')).toBeInTheDocument();
    expect(new URL(calls.find((call) => call.url.includes('recommendations'))!.url).searchParams.get('size')).toBe('20');
  });

  it('"not for me" tells the server, takes the card out of the list, and undo brings it back', async () => {
    const calls = server([cook, baker]);
    await renderRoutes('/en/account/profile', at('profile'));
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Cook' });
    await user.click(within(card).getByRole('button', { name: 'Not for me' }));

    await waitFor(() => expect(screen.queryByRole('article', { name: 'Cook' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Baker' })).toBeInTheDocument();
    const hide = calls.find((call) => call.method === 'POST')!;
    expect(await hide.json()).toEqual({ vacancyId: 'v-cook' });
    expect(screen.getByText('“Cook” will not be offered to you again.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('article', { name: 'Cook' })).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.url.endsWith('/api/user/recommendations/hidden/v-cook'))).toBe(true);
    expect(screen.queryByText('“Cook” will not be offered to you again.')).not.toBeInTheDocument();
  });

  it('on the profile, without a CV, says so and leads to the CV wizard', async () => {
    server([], null);
    await renderRoutes('/en/account/profile', at('profile'));
    expect(await screen.findByText(/Make a CV and we will show you the vacancies that fit it/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a CV' })).toHaveAttribute('href', '/en/account/create-cv');
  });

  it('on the profile, with a CV that nothing fits, says so', async () => {
    server([]);
    await renderRoutes('/en/account/profile', at('profile'));
    expect(await screen.findByText(/No open vacancy fits your CV right now/)).toBeInTheDocument();
  });

  it('on the home page shows nothing without a CV, and the cards with a link to the rest with one', async () => {
    server([], null);
    const first = await renderRoutes('/en/account/profile', at('home', 4));
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Vacancies for you' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Make a CV/)).not.toBeInTheDocument();
    first.unmount();

    server([cook]);
    await renderRoutes('/en/account/profile', at('home', 4));
    const section = await screen.findByRole('region', { name: 'Vacancies for you' });
    expect(await within(section).findByRole('article', { name: 'Cook' })).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'All vacancies for you' })).toHaveAttribute('href', '/en/account/profile#for-you');
  });
});
