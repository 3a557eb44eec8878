import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { Component as MyData, loader } from './my-data';

const me = {
  username: 'mari@example.ee',
  roles: ['USER', 'APPLICANT'],
  originalUser: null,
  company: null,
  profile: { firstname: 'Mari', lastname: 'Maasikas', phoneNumber: '+37251234567', gender: 'FEMALE', dateOfBirth: '1990-05-17' },
};

const routes = [
  { index: true, element: <p>home page</p> },
  { path: 'account/my-data', element: <MyData /> },
  { path: 'employer/account/my-company', element: <p>company page</p> },
];

async function open() {
  await loader();
  const view = await renderRoutes('/en/account/my-data', routes);
  await screen.findByRole('heading', { level: 1, name: 'My data' });
  return view;
}

describe('my data', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('sends the supervisor of a company with colleagues to hand the role over instead of deleting', async () => {
    const employer = { ...me, username: 'boss@example.ee', roles: ['USER', 'EMPLOYER'], company: { countryCode: 'EE', registryCode: '12345678', businessName: 'Põhja Köök OÜ' } };
    const refusal = { message: 'You are the supervisor of Põhja Köök OÜ: hand the role over to a colleague first', code: 'validation', field: 'company' };
    fakeApi({ 'GET /api/open/me': { body: employer }, 'DELETE /api/user/account': { status: 400, body: refusal } });
    const { router } = await open();
    const user = userEvent.setup();
    expect(await screen.findByText(/memberships of companies' staff end/)).toBeInTheDocument();
    await user.type(await screen.findByLabelText('Type your e-mail address to confirm'), 'boss@example.ee');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete for good' }));

    expect(await screen.findByText(refusal.message)).toBeInTheDocument();
    expect(screen.getByText('Hand the supervisor role over first')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Hand over the supervisor role' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/employer/account/my-company'));
    expect(router.state.location.search).toBe('?tab=staff');
  });

  it('deletes the account only for the typed address, after a confirmation, and forgets the user', async () => {
    const calls = fakeApi({ 'GET /api/open/me': { body: me }, 'DELETE /api/user/account': { status: 204 } });
    localStorage.setItem('cvDraft:mari@example.ee:new', '{}');
    const { router } = await open();
    const user = userEvent.setup();
    const field = await screen.findByLabelText('Type your e-mail address to confirm');

    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Type your e-mail address to confirm', { selector: '.mantine-InputWrapper-error' })).toBeInTheDocument();
    await user.type(field, 'jaan@example.ee');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('The e-mail address does not match your account')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.clear(field);
    await user.type(field, ' Mari@Example.ee ');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account for good?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete for good' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/en/'));
    const deleted = calls.find((call) => call.method === 'DELETE');
    expect(await deleted?.json()).toEqual({ email: 'Mari@Example.ee' });
    expect(deleted?.headers.get('Accept-Language')).toBe('en');
    await screen.findByText('home page');
    await waitFor(() => expect(localStorage.getItem('cvDraft:mari@example.ee:new')).toBeNull());
  });

  it('shows the server’s refusal on the e-mail field', async () => {
    fakeApi({
      'GET /api/open/me': { body: me },
      'DELETE /api/user/account': { status: 400, body: { message: 'The e-mail address does not match your account', code: 'validation', field: 'email' } },
    });
    const { router } = await open();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Type your e-mail address to confirm'), 'mari@example.ee');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete for good' }));
    expect(await screen.findByText('The e-mail address does not match your account')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/en/account/my-data');
  });

  it('does not offer deletion to an administrator acting as the user', async () => {
    fakeApi({ 'GET /api/open/me': { body: { ...me, originalUser: { username: 'admin@vakants.ee' } } } });
    await open();
    expect(await screen.findByText('An administrator acting as this user cannot delete the account.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete my account' })).toBeDisabled();
    expect(screen.getByLabelText('Type your e-mail address to confirm')).toBeDisabled();
  });

  it('saves the archive under the server’s name, and tells when to try again after too many', async () => {
    let exports = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(input instanceof Request ? input.url : String(input), 'http://localhost').pathname;
        if (path === '/api/open/me') return new Response(JSON.stringify(me), { headers: { 'content-type': 'application/json' } });
        exports += 1;
        if (exports === 1) {
          return new Response('PK', { headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="vakants-my-data-2026-11-21.zip"' } });
        }
        return new Response(JSON.stringify({ message: 'Too many requests, please try again later', code: 'too_many_requests' }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '3599' },
        });
      }),
    );
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:archive', revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await open();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(saved).toEqual(['vakants-my-data-2026-11-21.zip']));
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many attempts. Please wait a moment and try again. Try again in 60 min.');
    click.mockRestore();
  });
});
