import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import type { CandidateView } from '../api/types';
import { Component as Candidate, loader } from './candidate';

Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => {}, removeEventListener: () => {} } });

const routes = [
  { path: 'employer/account/my-vacancies/:vacancyId/candidates/:applicationId', element: <Candidate /> },
  { path: 'employer/account/messages', element: <p>the messages page</p> },
];
const PATH = '/en/employer/account/my-vacancies/vac-1/candidates/app-1';

const view: CandidateView = {
  candidate: {
    applicationId: 'app-1',
    vacancyId: 'vac-1',
    applicant: { userId: 'user-1', firstname: 'Mari', lastname: 'Maasikas' },
    cv: null,
    coverLetter: null,
    status: 'EXISTS',
    verdict: null,
    rating: 'NOT_KNOWN',
    changeFlag: 'NONE',
    addedFromCvDatabase: false,
    score: null,
    answersCount: 0,
    commentsCount: 0,
    createdAt: '2026-01-15T10:00:00Z',
    updatedAt: '2026-01-15T10:00:00Z',
  },
  answers: [],
};

describe('the Message button on the candidate screen', () => {
  beforeAll(async () => {
    await loader();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('starts the chat about the application and opens it on the employer messages page', async () => {
    const calls = fakeApi({
      'GET /api/employer/applications/app-1': { body: view },
      'GET /api/employer/applications/app-1/comments': { body: [] },
      'POST /api/employer/chats/app-1': { status: 201, body: { chatId: 'chat-7', created: true } },
    });
    const { router } = await renderRoutes(PATH, routes);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Message' }));

    expect(await screen.findByText('the messages page')).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/en/employer/account/messages?chat=chat-7');
    const started = calls.filter((call) => call.method === 'POST');
    expect(started.map((call) => new URL(call.url).pathname)).toEqual(['/api/employer/chats/app-1']);
  });

  it('stays on the candidate and says why when the server refuses the chat', async () => {
    fakeApi({
      'GET /api/employer/applications/app-1': { body: view },
      'GET /api/employer/applications/app-1/comments': { body: [] },
      'POST /api/employer/chats/app-1': { status: 400, body: { message: 'Chat is read only', code: 'chat_read_only' } },
    });
    const { router } = await renderRoutes(PATH, routes);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Message' }));

    expect(await screen.findByRole('alert')).toHaveTextContent("This chat is read-only: the employer no longer has access to the applicant's CV.");
    expect(router.state.location.pathname).toBe(PATH);
  });

  it('offers no Message button for a deleted application', async () => {
    fakeApi({
      'GET /api/employer/applications/app-1': { body: { ...view, candidate: { ...view.candidate, status: 'DELETED' } } },
      'GET /api/employer/applications/app-1/comments': { body: [] },
    });
    await renderRoutes(PATH, routes);
    expect(await screen.findByRole('heading', { name: 'Mari Maasikas' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Message' })).toBeNull();
  });
});
