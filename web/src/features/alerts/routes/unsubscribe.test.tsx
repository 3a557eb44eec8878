import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { Component as Unsubscribe, loader } from './unsubscribe';

describe('unsubscribe from an alert', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks first, then stops this alert through the link token', async () => {
    const calls = fakeApi({ 'POST /api/open/saved-searches/unsubscribe/tok': { body: { stopped: 1, locale: 'en' } } });
    await loader();
    const user = userEvent.setup();
    await renderRoutes('/en/alerts/unsubscribe/tok', [{ path: 'alerts/unsubscribe/:token', element: <Unsubscribe /> }]);
    expect(await screen.findByText('Stop the e-mails of this job alert?')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Done: 1 alert no longer sends e-mails.');
  });

  it('stops every alert of the owner with ?all=1 and says when the link is dead', async () => {
    const calls = fakeApi({ 'POST /api/open/saved-searches/unsubscribe-all/tok': { status: 404, body: { message: 'Not found', code: 'not_found' } } });
    await loader();
    const user = userEvent.setup();
    await renderRoutes('/en/alerts/unsubscribe/tok?all=1', [{ path: 'alerts/unsubscribe/:token', element: <Unsubscribe /> }]);
    expect(await screen.findByText('Stop all your job alerts?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link no longer works');
    expect(calls[0].url).toContain('/unsubscribe-all/tok');
  });
});
