import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import type { MyStaffInvitation } from '../api/get-my-staff-invitations';
import { Component as Invitations, loader } from './staff-invitations';

const me = {
  username: 'mari@example.ee',
  roles: ['USER', 'APPLICANT'],
  originalUser: null,
  company: null,
  profile: { firstname: 'Mari', lastname: 'Maasikas', phoneNumber: '+37251234567' },
};
const company = { countryCode: 'EE', registryCode: '14000009', businessName: 'Vakants Demo OÜ' };
const invitation: MyStaffInvitation = {
  id: 'i-1',
  ...company,
  jobTitle: 'Raamatupidaja',
  createdAt: '2026-11-28T08:00:00Z',
  expiresAt: '2026-12-28T08:00:00Z',
};

const routes = [
  { path: 'invitations', element: <Invitations /> },
  { path: 'employer/account/my-company', element: <p>company page</p> },
];

async function open(language: 'en' | 'et' = 'en') {
  await loader();
  return renderRoutes(`/${language}/invitations`, routes, language);
}

describe('staff invitations', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('accepts an invitation and goes to the company the user now acts for', async () => {
    const joined = { ...me, roles: ['USER', 'APPLICANT', 'EMPLOYER'], company };
    const calls = fakeApi({
      'GET /api/open/me': { body: me },
      'GET /api/user/staff-invitations': { body: [invitation] },
      'POST /api/user/staff-invitations/i-1/accept': { body: joined },
    });
    const { router } = await open();
    const card = await screen.findByRole('article', { name: 'Vakants Demo OÜ' });
    expect(within(card).getByText('Job title: Raamatupidaja')).toBeInTheDocument();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/employer/account/my-company'));
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/i-1/accept'))).toBe(true);
  });

  it('declines after a confirmation and stays', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    let answered = false;
    const calls = fakeApi({
      'GET /api/open/me': { body: me },
      'GET /api/user/staff-invitations': () => ({ body: answered ? [] : [invitation] }),
      'POST /api/user/staff-invitations/i-1/decline': () => {
        answered = true;
        return { status: 204 };
      },
    });
    const { router } = await open();
    const card = await screen.findByRole('article', { name: 'Vakants Demo OÜ' });
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('You have no pending invitations.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/i-1/decline'))).toBe(true);
    expect(router.state.location.pathname).toBe('/en/invitations');
  });

  it('speaks Estonian and lets no administrator acting as the user answer', async () => {
    fakeApi({
      'GET /api/open/me': { body: { ...me, originalUser: { username: 'admin@vakants.ee' } } },
      'GET /api/user/staff-invitations': { body: [invitation] },
    });
    await open('et');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kutsed ettevõtte töötajaks' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Vakants Demo OÜ' });
    expect(within(card).getByRole('button', { name: 'Võta vastu' })).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Keeldu' })).toBeDisabled();
  });
});
