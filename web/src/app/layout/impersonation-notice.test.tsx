import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Me } from '@/shared/api/types';
import { IMPERSONATION_RETURN_KEY } from '@/shared/session/me';
import { fakeApi, renderRoutes } from '@/test/render';

import ImpersonationNotice from './impersonation-notice';

const hardNavigate = vi.hoisted(() => vi.fn());
vi.mock('@/shared/lib/hard-navigate', () => ({ hardNavigate }));

const acting: Me = {
  username: 'mari@example.ee',
  roles: ['USER', 'APPLICANT'],
  originalUser: { username: 'admin@vakants.test' },
  profile: {},
  company: null,
};

describe('ImpersonationNotice', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('names both users and returns to the stored path', async () => {
    const calls = fakeApi({ 'GET /api/admin/be-original': { body: { ...acting, username: 'admin@vakants.test', roles: ['USER', 'ADMIN'], originalUser: null } } });
    sessionStorage.setItem(IMPERSONATION_RETURN_KEY, '/en/back-here');
    document.cookie = 'XSRF-TOKEN=token-from-cookie';
    const { router } = await renderRoutes('/en/somewhere', [
      { path: 'somewhere', element: <ImpersonationNotice me={acting} /> },
    ]);

    expect(screen.getByText('You are acting as mari@example.ee (signed in as admin@vakants.test).')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Return to my account' }));

    await vi.waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('/en/back-here'));
    expect(router.state.location.pathname).toBe('/en/somewhere');
    expect(sessionStorage.getItem(IMPERSONATION_RETURN_KEY)).toBeNull();
    expect(calls[0].headers.get('x-xsrf-token')).toBe('token-from-cookie');
  });
});

describe('ImpersonationNotice without a stored path', () => {
  it('reloads the home page as the original user', async () => {
    fakeApi({ 'GET /api/admin/be-original': { body: { ...acting, username: 'admin@vakants.test', roles: ['USER', 'ADMIN'], originalUser: null } } });
    await renderRoutes('/ru/somewhere', [{ path: 'somewhere', element: <ImpersonationNotice me={acting} /> }], 'ru');
    await userEvent.setup().click(screen.getByRole('button'));
    await vi.waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('/ru/'));
  });
});
