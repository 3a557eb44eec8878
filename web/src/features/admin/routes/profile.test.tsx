import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { Component as Profile, loader } from './profile';

const notify = vi.hoisted(() => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));
vi.mock('@/shared/ui/notify', () => notify);

const me = {
  username: 'admin@vakants.ee',
  roles: ['USER', 'ADMIN'],
  originalUser: null,
  company: null,
  profile: { firstname: 'Anne', lastname: 'Admin', phoneNumber: '+37255555555', language: 'en' },
};

describe('the administrator\u2019s own profile', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves the name, phone and language and switches the interface to the chosen language', async () => {
    const calls = fakeApi({
      'GET /api/open/me': { body: me },
      'POST /api/user/profile': { body: { ...me, profile: { ...me.profile, firstname: 'Anneli', language: 'et' } } },
    });
    await loader();
    const user = userEvent.setup();
    const { router } = await renderRoutes('/en/admin/profile', [{ path: 'admin/profile', element: <Profile /> }]);

    expect(await screen.findByDisplayValue('admin@vakants.ee')).toHaveAttribute('readonly');
    const firstname = screen.getByRole('textbox', { name: /First name/ });
    await user.clear(firstname);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(firstname, 'Anneli');
    await user.click(screen.getByRole('combobox', { name: /Language/ }));
    await user.click(await screen.findByRole('option', { name: 'Eesti keel' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notify.notifySuccess).toHaveBeenCalledWith('Profile saved'));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(await post.json()).toEqual({ firstname: 'Anneli', lastname: 'Admin', phoneNumber: '+37255555555', language: 'et', newsletterOptIn: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/et/admin/profile'));
  });

  it('keeps the mail preference, for an employer too', async () => {
    const employer = { ...me, username: 'boss@example.ee', roles: ['USER', 'EMPLOYER'], profile: { ...me.profile, newsletterOptIn: true } };
    const calls = fakeApi({ 'GET /api/open/me': { body: employer }, 'POST /api/user/profile': { body: { ...employer, profile: { ...employer.profile, newsletterOptIn: false } } } });
    await loader();
    const user = userEvent.setup();
    await renderRoutes('/en/employer/account/profile', [{ path: 'employer/account/profile', element: <Profile /> }]);
    const newsletter = await screen.findByRole('checkbox', { name: /newsletter/ });
    expect(newsletter).toBeChecked();
    await user.click(newsletter);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(await post.json()).toMatchObject({ newsletterOptIn: false, language: 'en' });
  });
});
