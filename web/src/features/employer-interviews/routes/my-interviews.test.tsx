import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import type { EmployerInterview } from '../api/types';
import { Component as MyInterviews, loader } from './my-interviews';

const notify = vi.hoisted(() => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));
vi.mock('@/shared/ui/notify', () => notify);

const routes = [{ path: 'employer/account/my-interviews', element: <MyInterviews /> }];
const HOUR = 3600_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

const invited: EmployerInterview = {
  interviewId: 'int-1',
  status: 'INVITED',
  displayStatus: 'invited',
  type: 'ONLINE',
  durationMinutes: 60,
  slots: [{ slotId: 's-1', start: at(48 * HOUR), end: at(50 * HOUR) }],
  applicant: { userId: 'u-1', name: 'Mari Maasikas' },
  createdAt: at(-HOUR),
  notifyApplicant: true,
};

const started: EmployerInterview = {
  ...invited,
  interviewId: 'int-2',
  status: 'ACCEPTED',
  displayStatus: 'acceptedExpired',
  start: at(-2 * HOUR),
  end: at(-HOUR),
  applicant: { userId: 'u-2', name: 'Jaan Tamm' },
  applicantMessage: 'See you',
};

describe('my interviews (employer)', () => {
  beforeAll(async () => {
    await loader();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    notify.notifySuccess.mockClear();
  });

  it('marks the interviews badge seen on opening the list, as the applicant’s list does', async () => {
    const calls = fakeApi({
      'GET /api/employer/interviews': { body: [invited] },
      'GET /api/employer/vacancies/autocomplete': { body: [] },
      'PATCH /api/user/menu-notifications': { body: { applications: 0, interviews: 0, messages: 0, invoices: 0 } },
    });
    await renderRoutes('/en/employer/account/my-interviews', routes);
    await screen.findByRole('article', { name: 'Mari Maasikas' });
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1));
    const seen = calls.find((call) => call.method === 'PATCH')!;
    expect(new URL(seen.url).pathname).toBe('/api/user/menu-notifications');
    expect(await seen.json()).toEqual({ kind: 'INTERVIEWS' });
  });

  it('asks for the tab the reader picks and keeps it in the URL', async () => {
    const calls = fakeApi({
      'GET /api/employer/interviews': (request) => ({ body: new URL(request.url).searchParams.get('tab') === 'accepted' ? [started] : [invited, started] }),
      'GET /api/employer/vacancies/autocomplete': { body: [] },
    });
    const interviewCalls = () => calls.filter((call) => call.url.includes('/api/employer/interviews'));
    const { router } = await renderRoutes('/en/employer/account/my-interviews', routes);
    const user = userEvent.setup();

    expect(await screen.findByRole('article', { name: 'Mari Maasikas' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All', selected: true })).toBeInTheDocument();
    expect(new URL(interviewCalls()[0]!.url).searchParams.get('tab')).toBe('all');

    await user.click(screen.getByRole('tab', { name: 'Accepted' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=accepted'));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Mari Maasikas' })).toBeNull());
    const accepted = screen.getByRole('article', { name: 'Jaan Tamm' });
    expect(within(accepted).getByText('Recently ended')).toBeInTheDocument();
    expect(within(accepted).getByText("Applicant's message: See you")).toBeInTheDocument();
    expect(new URL(interviewCalls().at(-1)!.url).searchParams.get('tab')).toBe('accepted');
  });

  it('shows one vacancy’s interviews, the vacancy found by its title as one types', async () => {
    const cook = { vacancyId: 'vac-cook', occupation: { occupationCode: 'COOK', labels: { et: 'Kokk', en: 'Cook', ru: 'Повар' } } };
    const searches: string[] = [];
    fakeApi({
      'GET /api/employer/interviews': { body: [{ ...invited, vacancy: cook }, started] },
      'GET /api/employer/vacancies/autocomplete': (request) => {
        const search = new URL(request.url).searchParams.get('search') ?? '';
        searches.push(search);
        return { body: 'cook'.startsWith(search) ? [{ id: 'vac-cook', occupationLabel: 'Cook', displayedState: 'ACTIVE' }] : [] };
      },
    });
    const { router } = await renderRoutes('/en/employer/account/my-interviews', routes);
    const user = userEvent.setup();
    expect(await screen.findByRole('article', { name: 'Jaan Tamm' })).toBeInTheDocument();

    await user.type(screen.getByRole('combobox', { name: 'Vacancy' }), 'COO');
    await waitFor(() => expect(searches).toContain('coo'));
    await user.click(await screen.findByRole('option', { name: 'Cook' }));
    await waitFor(() => expect(router.state.location.search).toBe('?vacancy=vac-cook'));
    expect(screen.getByRole('article', { name: 'Mari Maasikas' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Jaan Tamm' })).toBeNull();
  });

  it('cancels an invitation only with a message to the applicant', async () => {
    const bodies: unknown[] = [];
    fakeApi({
      'GET /api/employer/interviews': { body: [invited] },
      'POST /api/employer/interviews/int-1/cancel': (request) => {
        void request.clone().json().then((body) => bodies.push(body));
        return { body: { ...invited, status: 'CANCELED', displayStatus: 'canceled' } };
      },
    });
    await renderRoutes('/en/employer/account/my-interviews', routes);
    const user = userEvent.setup();

    const card = await screen.findByRole('article', { name: 'Mari Maasikas' });
    expect(within(card).queryByRole('button', { name: 'Mark completed' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Cancel interview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the interview' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel interview' }));
    expect(await within(dialog).findByText('Please write a message')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Message to the applicant' }), '  The position is filled  ');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel interview' }));
    await waitFor(() => expect(bodies).toEqual([{ message: 'The position is filled' }]));
    await waitFor(() => expect(notify.notifySuccess).toHaveBeenCalledWith('Saved'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('marks a started interview completed with a conclusion, and shows the server’s refusal', async () => {
    const bodies: unknown[] = [];
    let refuse = true;
    fakeApi({
      'GET /api/employer/interviews': { body: [started] },
      'POST /api/employer/interviews/int-2/complete': (request) => {
        void request.clone().json().then((body) => bodies.push(body));
        if (refuse) {
          refuse = false;
          return { status: 400, body: { message: 'The interview cannot be changed', code: 'interview_not_changeable' } };
        }
        return { body: { ...started, status: 'COMPLETED', displayStatus: 'completed', conclusionMessage: 'Hire' } };
      },
    });
    await renderRoutes('/en/employer/account/my-interviews', routes);
    const user = userEvent.setup();

    const card = await screen.findByRole('article', { name: 'Jaan Tamm' });
    expect(within(card).queryByRole('button', { name: 'Change' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Mark completed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark the interview completed' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Conclusion' }), 'Hire');
    await user.click(within(dialog).getByRole('button', { name: 'Mark completed' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Mark completed' }));
    await waitFor(() => expect(bodies).toEqual([{ conclusion: 'Hire' }, { conclusion: 'Hire' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
