import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import type { ApplicantInterview } from '../api/types';
import { Component as MyInterviews, loader } from './my-interviews';

// the autosizing text areas listen for font loads, which jsdom does not have
Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => {}, removeEventListener: () => {} } });

const routes = [{ path: 'account/my-interviews', element: <MyInterviews /> }];

// 4 March 2030 10:00–12:00 Tallinn (UTC+2), a 45-minute interview
const slot = {
  slotId: 'slot-1',
  start: '2030-03-04T08:00:00Z',
  end: '2030-03-04T10:00:00Z',
  choosable: true,
  earliestStart: '2030-03-04T08:00:00Z',
  latestStart: '2030-03-04T09:15:00Z',
};

const invitation: ApplicantInterview = {
  interviewId: 'interview-1',
  status: 'INVITED',
  displayStatus: 'invited',
  type: 'ONLINE',
  durationMinutes: 45,
  link: 'https://meet.example.com/x',
  description: 'Bring your ID',
  company: { countryCode: 'EE', registryCode: '10000001', businessName: 'Demo OÜ' },
  vacancy: { vacancyId: 'vacancy-1', occupation: { labels: { et: 'Kokk', en: 'Cook', ru: 'Повар' } } },
  slots: [slot, { ...slot, slotId: 'slot-2', start: '2030-03-05T12:00:00Z', end: '2030-03-05T13:00:00Z', choosable: false, earliestStart: '2030-03-05T12:00:00Z', latestStart: '2030-03-05T12:15:00Z' }],
  createdAt: '2030-03-01T08:00:00Z',
  updatedAt: '2030-03-01T08:00:00Z',
};

const canceled: ApplicantInterview = {
  ...invitation,
  interviewId: 'interview-2',
  status: 'CANCELED',
  displayStatus: 'canceled',
  type: 'OFFICE',
  link: 'javascript:alert(1)',
  reason: 'Found another job',
  canceledBy: 'APPLICANT',
  vacancy: { vacancyId: 'vacancy-2', occupation: { labels: { et: 'Koristaja', en: 'Cleaner', ru: 'Уборщик' } } },
};

const slotsView = { interviewId: 'interview-1', durationMinutes: 45, status: 'INVITED', displayStatus: 'invited', slots: invitation.slots };

describe('my interviews', () => {
  beforeAll(async () => {
    await loader();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the tab of the URL with status badges, safe links and the reasons', async () => {
    const calls = fakeApi({ 'GET /api/applicant/interviews': { body: [invitation, canceled] } });
    await renderRoutes('/en/account/my-interviews?tab=all', routes);

    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByText('Awaiting confirmation')).toBeInTheDocument();
    expect(within(cards[0]).getByRole('link', { name: 'Cook' })).toHaveAttribute('href', '/en/vacancies/vacancy-1');
    expect(within(cards[0]).getByRole('link', { name: 'https://meet.example.com/x' })).toHaveAttribute('target', '_blank');
    expect(within(cards[0]).getByText('45 min')).toBeInTheDocument();
    expect(within(cards[1]).getByText('Canceled')).toBeInTheDocument();
    expect(within(cards[1]).getByText('Found another job')).toBeInTheDocument();
    expect(within(cards[1]).getByText('My reason for canceling')).toBeInTheDocument();
    expect(within(cards[1]).queryByRole('link', { name: /javascript/ })).toBeNull();
    expect(within(cards[1]).queryByRole('button')).toBeNull();
    expect(new URL(calls[0].url).searchParams.get('status')).toBe('all');
  });

  it('keeps the tab in the URL and shows the empty state of each tab', async () => {
    const calls = fakeApi({ 'GET /api/applicant/interviews': { body: [] } });
    const { router } = await renderRoutes('/en/account/my-interviews', routes);
    expect(await screen.findByRole('heading', { name: 'No interviews yet' })).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Completed' }));
    expect(await screen.findByRole('heading', { name: 'No completed interviews' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=completed');
    expect(new URL(calls.at(-1)!.url).searchParams.get('status')).toBe('completed');
  });

  it('accepts a slot at a chosen start with a message, and shows the server error in the dialog', async () => {
    let answer: { status: number; body: unknown } = { status: 400, body: { message: 'Wrong period', code: 'wrong_period', field: 'start' } };
    const calls = fakeApi({
      'GET /api/applicant/interviews': { body: [invitation] },
      'GET /api/applicant/interviews/interview-1/slots': { body: slotsView },
      'PUT /api/applicant/interviews/interview-1/slots': () => answer,
    });
    await renderRoutes('/en/account/my-interviews?tab=invited', routes);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Choose a time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept the invitation' });
    // the only choosable slot is chosen; the other is shown but cannot be
    const radios = await within(dialog).findAllByRole('radio');
    expect(radios[0]).toBeChecked();
    expect(radios[1]).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Start time' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['10:00', '10:15', '10:30', '10:45', '11:00', '11:15']);
    await user.click(screen.getByRole('option', { name: '10:30' }));
    expect(within(dialog).getByText(/Your interview: .*04\/03\/2030 10:30–11:15/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Message to the employer/), 'See you');

    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Wrong period');
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(await put.json()).toEqual({ start: '2030-03-04T08:30:00.000Z', end: '2030-03-04T09:15:00.000Z', message: 'See you' });

    answer = { status: 200, body: { ...invitation, status: 'ACCEPTED', displayStatus: 'accepted' } };
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2);
  });

  it('declines only with a message', async () => {
    const calls = fakeApi({
      'GET /api/applicant/interviews': { body: [invitation] },
      'PUT /api/applicant/interviews/interview-1': { body: { ...invitation, status: 'CANCELED', displayStatus: 'canceled' } },
    });
    await renderRoutes('/en/account/my-interviews', routes);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline the invitation' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(within(dialog).getByText('Please write a message to the employer')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.type(within(dialog).getByLabelText(/Message to the employer/), 'Sorry, I took another offer');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(await put.json()).toEqual({ status: 'CANCELED', message: 'Sorry, I took another offer' });
  });
});
