import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import type { CandidateView } from '../api/types';
import { Component as Candidate, loader } from './candidate';

const notify = vi.hoisted(() => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));
vi.mock('@/shared/ui/notify', () => notify);

Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => {}, removeEventListener: () => {} } });

const routes = [{ path: 'employer/account/my-vacancies/:vacancyId/candidates/:applicationId', element: <Candidate /> }];
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

// a winter day next year: Tallinn is UTC+2 then
const day = `${new Date().getFullYear() + 1}-01-20`;

async function fillInvitation(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Invite to interview' }));
  const dialog = await screen.findByRole('dialog', { name: 'Invite Mari Maasikas to an interview' });

  await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
  await user.click(await screen.findByRole('option', { name: 'At the office' }));
  const duration = within(dialog).getByRole('textbox', { name: 'Duration (minutes)' });
  await user.clear(duration);
  await user.type(duration, '45');

  const first = within(dialog).getByRole('group', { name: 'Time 1' });
  const date = within(first).getByLabelText('Date');
  await user.clear(date);
  await user.type(date, day);
  await user.click(within(dialog).getByRole('button', { name: 'Add a time' }));
  const second = within(dialog).getByRole('group', { name: 'Time 2' });
  const from = within(second).getByLabelText('From');
  const to = within(second).getByLabelText('To');
  await user.clear(from);
  await user.type(from, '14:00');
  await user.clear(to);
  await user.type(to, '15:00');
  await user.type(within(dialog).getByRole('textbox', { name: 'Location' }), 'Tartu mnt 1');
  return dialog;
}

describe('inviting a candidate to an interview', () => {
  beforeAll(async () => {
    await loader();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    notify.notifySuccess.mockClear();
  });

  it('sends the type, duration and two offered times and shows the server’s "Wrong period" on the times', async () => {
    const bodies: unknown[] = [];
    fakeApi({
      'GET /api/employer/applications/app-1': { body: view },
      'GET /api/employer/applications/app-1/comments': { body: [] },
      'POST /api/employer/interviews': (request) => {
        void request.clone().json().then((body) => bodies.push(body));
        return { status: 400, body: { message: 'Wrong period', code: 'wrong_period', field: 'slots' } };
      },
    });
    await renderRoutes(PATH, routes);
    const user = userEvent.setup();
    const dialog = await fillInvitation(user);
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    const times = within(dialog).getByRole('group', { name: 'Offered times (Tallinn time)' });
    expect(await within(times).findByText('Wrong period')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Invite Mari Maasikas to an interview' })).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        applicationId: 'app-1',
        type: 'OFFICE',
        durationMinutes: 45,
        slots: [
          { start: `${day}T08:00:00.000Z`, end: `${day}T10:00:00.000Z` },
          { start: `${day}T12:00:00.000Z`, end: `${day}T13:00:00.000Z` },
        ],
        location: 'Tartu mnt 1',
        // the form's "Notify the applicant" switch, on by default for an invitation
        notifyApplicant: true,
      },
    ]);
    expect(notify.notifySuccess).not.toHaveBeenCalled();
  });

  it('closes with a toast and reloads the candidate once the invitation is sent', async () => {
    const calls = fakeApi({
      'GET /api/employer/applications/app-1': { body: view },
      'GET /api/employer/applications/app-1/comments': { body: [] },
      'POST /api/employer/interviews': { status: 201, body: { interviewId: 'int-1' } },
    });
    await renderRoutes(PATH, routes);
    const user = userEvent.setup();
    const dialog = await fillInvitation(user);
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    await waitFor(() => expect(notify.notifySuccess).toHaveBeenCalledWith('Invitation sent'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.url.endsWith('/api/employer/applications/app-1'))).toHaveLength(2));
  });

  it('offers no invitation for a deleted application', async () => {
    fakeApi({
      'GET /api/employer/applications/app-1': { body: { ...view, candidate: { ...view.candidate, status: 'DELETED' } } },
      'GET /api/employer/applications/app-1/comments': { body: [] },
    });
    await renderRoutes(PATH, routes);
    expect(await screen.findByRole('heading', { name: 'Mari Maasikas' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite to interview' })).toBeNull();
  });
});
