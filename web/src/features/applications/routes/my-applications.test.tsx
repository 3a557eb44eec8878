import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { Component as MyApplications, loader } from './my-applications';

const application = {
  applicationId: 'a1',
  vacancy: { vacancyId: 'v1', occupation: { et: 'Kokk', en: 'Cook', ru: 'Повар' }, businessName: 'Põhja Köök OÜ', validUntil: '2026-12-01T10:00:00Z', open: true },
  cvId: 'cv-1',
  status: 'EXISTS',
  candidateStatus: 'probableMatch',
  changeFlag: 'UPDATED',
  createdAt: '2026-11-02T10:00:00Z',
  withdrawnAt: null,
};
const counts = { applications: 0, interviews: 0, messages: 0, invoices: 0 };

describe('my applications', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('marks the applications badge seen, lists the tab of the URL and withdraws after confirming', async () => {
    let withdrawn = false;
    const calls = fakeApi({
      'GET /api/applicant/applications/my': (request) => {
        const status = new URL(request.url).searchParams.get('status');
        if (status === 'cancelled') return { body: withdrawn ? [{ ...application, withdrawnAt: '2026-11-03T10:00:00Z' }] : [] };
        return { body: withdrawn ? [] : [application] };
      },
      'PATCH /api/user/menu-notifications': { body: counts },
      'DELETE /api/applicant/applications/a1': () => {
        withdrawn = true;
        return { status: 204 };
      },
    });
    await loader();
    const user = userEvent.setup();
    const { router } = await renderRoutes('/en/account/my-applications', [{ path: 'account/my-applications', element: <MyApplications /> }]);

    const row = await screen.findByRole('article', { name: 'Cook' });
    expect(within(row).getByRole('link', { name: 'Cook' })).toHaveAttribute('href', '/en/vacancies/v1');
    expect(within(row).getByText('Põhja Köök OÜ')).toBeInTheDocument();
    expect(within(row).getByText('Sent 02.11.2026')).toBeInTheDocument();
    expect(within(row).getByText('Probable match')).toBeInTheDocument();
    expect(within(row).getByText('Updated')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'View the application' })).toHaveAttribute('href', '/en/account/my-applications/a1');
    expect(screen.getByRole('tab', { name: 'Active' })).toHaveAttribute('aria-selected', 'true');
    const seen = calls.find((call) => call.method === 'PATCH');
    expect(await seen?.json()).toEqual({ kind: 'APPLICATIONS' });
    expect(new URL(calls.find((call) => call.method === 'GET')!.url).searchParams.get('status')).toBe('active');

    await user.click(within(row).getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw the application?' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('You have no active applications.')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Cancelled' }));
    expect(router.state.location.search).toBe('?tab=cancelled');
    const cancelled = await screen.findByRole('article', { name: 'Cook' });
    expect(within(cancelled).getByText('Withdrawn 03.11.2026')).toBeInTheDocument();
    expect(within(cancelled).queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
  });
});
