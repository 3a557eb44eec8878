import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { Component as Confirm, loader } from './confirm';

const search = {
  id: 's1',
  name: 'Cooks',
  filter: { occupation: 'kokk' },
  query: 'occupation=kokk',
  frequency: 'INSTANT',
  paused: false,
  confirmed: true,
  newCount: 0,
  lastLookedAt: '2026-11-20T10:00:00Z',
  lastMailedAt: null,
  createdAt: '2026-11-01T10:00:00Z',
};

describe('confirming a visitor alert', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('confirms once through the link token and then manages the address alerts with it', async () => {
    const calls = fakeApi({
      'POST /api/open/saved-searches/confirm': { body: { email: 'guest@example.ee', savedSearchId: 's1', savedSearches: [search] } },
      'PATCH /api/open/saved-searches/by-token/tok/s1': { body: { ...search, frequency: 'WEEKLY' } },
      'GET /api/open/saved-searches/by-token/tok': { body: { email: 'guest@example.ee', savedSearchId: 's1', savedSearches: [{ ...search, frequency: 'WEEKLY' }] } },
    });
    await loader();
    const user = userEvent.setup();
    await renderRoutes('/en/alerts/confirm/tok', [{ path: 'alerts/confirm/:token', element: <Confirm /> }]);
    expect(await screen.findByRole('status')).toHaveTextContent('Confirmed: the new vacancies of your search come to guest@example.ee.');
    const confirms = calls.filter((call) => call.url.endsWith('/confirm'));
    expect(confirms).toHaveLength(1);
    expect(await confirms[0].json()).toEqual({ token: 'tok' });

    const row = screen.getByRole('article', { name: 'Cooks' });
    await user.click(within(row).getByRole('button', { name: 'Pause' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'PATCH' && call.url.endsWith('/by-token/tok/s1'))).toBe(true));
  });

  it('says when the link no longer works', async () => {
    fakeApi({ 'POST /api/open/saved-searches/confirm': { status: 404, body: { message: 'Not found', code: 'not_found' } } });
    await loader();
    await renderRoutes('/en/alerts/confirm/gone', [{ path: 'alerts/confirm/:token', element: <Confirm /> }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('This link no longer works');
  });
});
