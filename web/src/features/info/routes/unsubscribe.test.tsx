import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { Component as Unsubscribe } from './unsubscribe';

const routes = [{ path: 'notifications/unsubscribe/:username/:token', element: <Unsubscribe /> }];
const path = '/api/open/notifications/unsubscribe/mari%40example.ee/t0k3n';

describe('unsubscribe', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('unsubscribes with the link’s username and token', async () => {
    const calls = fakeApi({ [`POST ${path}`]: { status: 204 } });
    await renderRoutes('/en/notifications/unsubscribe/mari@example.ee/t0k3n', routes);
    expect(screen.getByText(/mari@example.ee/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('Done. You will no longer receive these e-mails.')).toBeInTheDocument();
    expect(calls[0].headers.get('accept-language')).toBe('en');
  });

  it('says so when the server refuses', async () => {
    fakeApi({});
    await renderRoutes('/en/notifications/unsubscribe/mari@example.ee/wrong', routes);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unsubscribing failed: Not found');
  });
});
