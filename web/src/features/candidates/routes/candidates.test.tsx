import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import type { CandidateItem, CandidateView } from '../api/types';
import { Component as Candidate } from './candidate';
import { Component as Candidates, loader } from './candidates';

Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => {}, removeEventListener: () => {} } });

const routes = [
  { path: 'employer/account/my-vacancies/:vacancyId/candidates', element: <Candidates /> },
  { path: 'employer/account/my-vacancies/:vacancyId/candidates/:applicationId', element: <Candidate /> },
];

const mari: CandidateItem = {
  applicationId: 'app-1',
  vacancyId: 'vac-1',
  applicant: { userId: 'user-1', firstname: 'Mari', lastname: 'Maasikas' },
  cv: null,
  coverLetter: 'Olen kokk.',
  status: 'EXISTS',
  verdict: null,
  rating: 'NOT_KNOWN',
  changeFlag: 'NEW',
  addedFromCvDatabase: false,
  score: null,
  answersCount: 1,
  commentsCount: 0,
  createdAt: '2026-01-15T10:00:00Z',
  updatedAt: '2026-01-15T10:00:00Z',
};

const view: CandidateView = {
  candidate: { ...mari, changeFlag: 'NONE' },
  answers: [{ answerId: 'ans-1', question: 'Do you have a health certificate?', answer: 'Yes', weight: 3, assessment: null }],
};

describe('candidates', () => {
  beforeAll(async () => {
    await loader();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the candidates with their badges and keeps the filters in the URL', async () => {
    const calls = fakeApi({ 'GET /api/employer/vacancies/vac-1/applications': { body: [mari] } });
    const { router } = await renderRoutes('/en/employer/account/my-vacancies/vac-1/candidates?verdict=NONE', routes);

    const card = await screen.findByRole('article', { name: 'Mari Maasikas' });
    expect(within(card).getByText('New')).toBeInTheDocument();
    expect(within(card).getByText('Without a CV')).toBeInTheDocument();
    expect(within(card).getByText('No score yet')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Mari Maasikas' })).toHaveAttribute('href', '/en/employer/account/my-vacancies/vac-1/candidates/app-1');
    expect(screen.getByRole('status')).toHaveTextContent('1 candidate');
    expect(new URL(calls[0].url).searchParams.get('verdict')).toBe('NONE');

    await userEvent.setup().click(screen.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.setup().click(await screen.findByRole('option', { name: 'Score' }));
    await waitFor(() => expect(router.state.location.search).toBe('?verdict=NONE&sort=score'));
    await waitFor(() => expect(new URL(calls.at(-1)!.url).searchParams.get('sort')).toBe('score'));
  });

  it('tells an empty list from one the filters emptied', async () => {
    fakeApi({ 'GET /api/employer/vacancies/vac-1/applications': { body: [] } });
    await renderRoutes('/en/employer/account/my-vacancies/vac-1/candidates?rating=POSITIVE', routes);
    expect(await screen.findByText('No candidate matches these filters.')).toBeInTheDocument();
  });

  it('opens a candidate and saves the verdict, an assessment and a comment', async () => {
    const bodies: unknown[] = [];
    const calls = fakeApi({
      'GET /api/employer/applications/app-1': { body: view },
      'PATCH /api/employer/applications/app-1': (request) => {
        void request.clone().json().then((body) => bodies.push(body));
        return { body: { ...view, candidate: { ...view.candidate, verdict: 'SUITABLE' } } };
      },
      'GET /api/employer/applications/app-1/comments': { body: [] },
      'POST /api/employer/applications/app-1/comments': {
        status: 201,
        body: { commentId: 'c-1', author: { username: 'boss@example.ee' }, body: 'Call her', createdAt: '2026-01-15T10:00:00Z', deletable: true },
      },
      'GET /api/employer/vacancies/vac-1/applications': { body: [mari] },
    });
    await renderRoutes('/en/employer/account/my-vacancies/vac-1/candidates/app-1', routes);
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Mari Maasikas' })).toBeInTheDocument();
    expect(screen.getByText('Olen kokk.')).toBeInTheDocument();
    expect(screen.getByText('Weight 3')).toBeInTheDocument();
    expect(screen.getByText('The candidate applied without a CV.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Archive' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make active' })).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Suitable' }));
    await waitFor(() => expect(bodies).toContainEqual({ verdict: 'SUITABLE' }));
    await user.click(screen.getAllByRole('radio', { name: 'Good' })[0]);
    await waitFor(() => expect(bodies).toContainEqual({ answers: [{ answerId: 'ans-1', assessment: 'GOOD' }] }));

    await user.type(screen.getByRole('textbox', { name: 'New comment' }), 'Call her');
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/comments'))).toBe(true));
  });

  it('shows a comment the caller may delete with its delete button only', async () => {
    fakeApi({
      'GET /api/employer/applications/app-1': { body: view },
      'GET /api/employer/applications/app-1/comments': {
        body: [
          { commentId: 'c-1', author: { firstname: 'Boss', lastname: 'Bossman' }, body: 'Mine', createdAt: '2026-01-15T10:00:00Z', deletable: true },
          { commentId: 'c-2', author: { firstname: 'Kati', lastname: 'Kask' }, body: 'Theirs', createdAt: '2026-01-15T11:00:00Z', deletable: false },
        ],
      },
    });
    await renderRoutes('/en/employer/account/my-vacancies/vac-1/candidates/app-1', routes);
    const mine = await screen.findByRole('article', { name: 'Boss Bossman' });
    expect(within(mine).getByRole('button', { name: 'Delete comment' })).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Kati Kask' })).queryByRole('button')).toBeNull();
    expect(within(mine).getByText('Boss Bossman, 15.01.2026 12:00')).toBeInTheDocument();
  });
});
