import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { Component as Administrators, loader } from './administrators';

const routes = [{ path: 'admin/administrators', element: <Administrators /> }];
const me = { username: 'juht@vakants.ee', roles: ['USER', 'SUPERVISOR'] };
const supervisor = {
  userId: 'u-1',
  email: 'juht@vakants.ee',
  firstname: 'Juhan',
  lastname: 'Juht',
  phoneNumber: '+37251111111',
  supervisor: true,
  createdAt: '2026-01-01T10:00:00Z',
};
const admin = { ...supervisor, userId: 'u-2', email: 'mari@vakants.ee', firstname: 'Mari', lastname: 'Maasikas', supervisor: false };

describe('the administrators screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists administrators, removing anyone but oneself, and shows the spec\u2019s message for a known e-mail', async () => {
    const calls = fakeApi({
      'GET /api/open/me': { body: me },
      'GET /api/admin/administrators': { body: [supervisor, admin] },
      'POST /api/admin/administrators': { status: 400, body: { message: 'This user is already registered in the system', code: 'validation', field: 'email' } },
    });
    await loader();
    const user = userEvent.setup();
    await renderRoutes('/en/admin/administrators', routes);

    const own = (await screen.findByText('Juhan Juht')).closest('tr')!;
    expect(within(own).getByText('Supervisor')).toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Remove administrator mari@vakants.ee' })).toBeInTheDocument();

    const form = screen.getByRole('region', { name: 'Add an administrator' });
    await user.type(within(form).getByRole('textbox', { name: /^E-mail/ }), 'mari@vakants.ee');
    await user.type(within(form).getByRole('textbox', { name: /^First name/ }), 'Mari');
    await user.type(within(form).getByRole('textbox', { name: /^Last name/ }), 'Maasikas');
    const phone = within(form).getByRole('textbox', { name: /^Phone/ });
    await user.clear(phone);
    await user.type(phone, '5123 4567');
    await user.click(within(form).getByRole('button', { name: 'Add administrator' }));
    expect(await within(form).findByText('Enter the phone with its country code, e.g. +372 5123 4567')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(phone);
    await user.type(phone, '+372 5123 4567');
    await user.click(within(form).getByRole('button', { name: 'Add administrator' }));
    expect(await within(form).findByText('This user is already registered in the system')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(await post.json()).toEqual({ email: 'mari@vakants.ee', firstname: 'Mari', lastname: 'Maasikas', phoneNumber: '+372 5123 4567' });
  });
});
