import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { Component as Applicants, loader } from './applicants';

const notify = vi.hoisted(() => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));
vi.mock('@/shared/ui/notify', () => notify);

const routes = [{ path: 'admin/applicants', element: <Applicants /> }];
const mari = {
  userId: 'u-1',
  email: 'mari@example.ee',
  firstname: 'Mari',
  lastname: 'Maasikas',
  phoneNumber: '+37251234567',
  cvs: 2,
  applications: 5,
  createdAt: '2026-11-02T10:00:00Z',
  lastLoginAt: null,
};
const page = { content: [mari], totalElements: 1, totalPages: 1, page: 0, size: 50 };

describe('the administrators\u2019 applicants', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists applicants 50 a page and deletes one after a wrong then the right username', async () => {
    let answer: { status: number; body?: unknown } = { status: 400, body: { message: 'Wrong username', code: 'validation', field: 'username' } };
    const calls = fakeApi({ 'GET /api/admin/applicant': { body: page }, 'DELETE /api/admin/applicant/u-1': () => answer });
    await loader();
    const user = userEvent.setup();
    await renderRoutes('/en/admin/applicants', routes);

    const row = (await screen.findByText('Mari Maasikas')).closest('tr')!;
    expect(within(row).getByText('mari@example.ee')).toBeInTheDocument();
    expect(within(row).getByText('02.11.2026')).toBeInTheDocument();
    expect(new URL(calls[0]!.url).searchParams.toString()).toBe('search=&sort=created&order=desc&page=0&size=50');

    await user.click(within(row).getByRole('button', { name: 'Delete applicant mari@example.ee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete applicant mari@example.ee' });
    const username = within(dialog).getByRole('textbox', { name: /^Username/ });
    await user.type(username, 'jaan@example.ee');
    await user.click(within(dialog).getByRole('button', { name: 'Delete applicant' }));
    expect(await within(dialog).findByText('Wrong username')).toBeInTheDocument();

    answer = { status: 204 };
    await user.clear(username);
    await user.type(username, 'mari@example.ee');
    await user.click(within(dialog).getByRole('button', { name: 'Delete applicant' }));
    await waitFor(() => expect(notify.notifySuccess).toHaveBeenCalledWith('Applicant mari@example.ee deleted'));
    const deletes = calls.filter((call) => call.method === 'DELETE').map((call) => new URL(call.url).searchParams.get('username'));
    expect(deletes).toEqual(['jaan@example.ee', 'mari@example.ee']);
  });

  it('says in the interface language that logging in as the applicant failed', async () => {
    notify.notifyError.mockClear();
    fakeApi({
      'GET /api/admin/applicant': { body: page },
      'GET /api/admin/represent/mari%40example.ee': { status: 400, body: { message: "Can't login as another user", code: 'cannot_represent' } },
    });
    await loader();
    const user = userEvent.setup();
    await renderRoutes('/et/admin/applicants', routes, 'et');

    const row = (await screen.findByText('Mari Maasikas')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Logi sisse kasutajana mari@example.ee' }));
    expect(await within(row).findByRole('alert')).toHaveTextContent('Teise kasutajana sisse logida ei saa');
    expect(notify.notifyError).not.toHaveBeenCalled();
  });
});
