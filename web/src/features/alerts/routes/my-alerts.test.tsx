import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { Component as MyAlerts, loader } from './my-alerts';

const search = {
  id: 's1',
  name: 'Kokad Tallinnas',
  filter: { occupation: 'kokk', cityCode: ['0784'] },
  query: 'occupation=kokk&cityCode=0784',
  frequency: 'INSTANT',
  paused: false,
  confirmed: true,
  newCount: 3,
  lastLookedAt: '2026-11-20T10:00:00Z',
  lastMailedAt: null,
  createdAt: '2026-11-01T10:00:00Z',
};

describe('my alerts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists each search with its new count and renames, re-times, pauses, deletes and opens it', async () => {
    let current: Record<string, unknown>[] = [search];
    const calls = fakeApi({
      'GET /api/user/saved-searches': () => ({ body: current }),
      'PATCH /api/user/saved-searches/s1': (request) => {
        void request
          .clone()
          .json()
          .then((change: Record<string, unknown>) => {
            current = [{ ...current[0], ...change }];
          });
        return { body: current[0] };
      },
      'DELETE /api/user/saved-searches/s1': () => {
        current = [];
        return { status: 204 };
      },
      'POST /api/user/saved-searches/s1/open': { body: { ...search, newCount: 0 } },
    });
    await loader();
    const user = userEvent.setup();
    const { router } = await renderRoutes('/en/account/my-alerts', [
      { path: 'account/my-alerts', element: <MyAlerts /> },
      { path: 'vacancies', element: <p>the search</p> },
    ]);

    const row = await screen.findByRole('article', { name: 'Kokad Tallinnas' });
    expect(within(row).getByText('3 new')).toBeInTheDocument();
    expect(within(row).getByRole('combobox', { name: 'How often: Kokad Tallinnas' })).toHaveValue('At once');

    await user.click(within(row).getByRole('button', { name: 'Pause' }));
    const patches = () => calls.filter((call) => call.method === 'PATCH');
    await vi.waitFor(() => expect(patches()).toHaveLength(1));
    expect(await patches()[0].json()).toEqual({ paused: true });
    expect(await within(await screen.findByRole('article', { name: 'Kokad Tallinnas' })).findByText('Paused')).toBeInTheDocument();

    await user.click(within(screen.getByRole('article', { name: 'Kokad Tallinnas' })).getByRole('button', { name: 'Rename' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename the alert' });
    const field = within(rename).getByRole('textbox', { name: 'Name' });
    await user.clear(field);
    await user.type(field, 'Kokk');
    await user.click(within(rename).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(patches()).toHaveLength(2));
    expect(await patches()[1].json()).toEqual({ name: 'Kokk' });

    const renamed = await screen.findByRole('article', { name: 'Kokk' });
    await user.click(within(renamed).getByRole('link', { name: 'Open as a search' }));
    expect(router.state.location.pathname).toBe('/en/vacancies');
    expect(router.state.location.search).toBe('?occupation=kokk&cityCode=0784');
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.url.endsWith('/s1/open'))).toBe(true));
  });

  it('deletes after confirming and then shows the way to the search', async () => {
    let current: Record<string, unknown>[] = [search];
    fakeApi({
      'GET /api/user/saved-searches': () => ({ body: current }),
      'DELETE /api/user/saved-searches/s1': () => {
        current = [];
        return { status: 204 };
      },
    });
    await loader();
    const user = userEvent.setup();
    await renderRoutes('/en/account/my-alerts', [{ path: 'account/my-alerts', element: <MyAlerts /> }]);
    const row = await screen.findByRole('article', { name: 'Kokad Tallinnas' });
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the alert?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('You have no saved searches yet. Save one on the vacancy search.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search vacancies' })).toHaveAttribute('href', '/en/vacancies');
  });
});
