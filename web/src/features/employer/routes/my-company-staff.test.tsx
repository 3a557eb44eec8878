import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { type FakeApi, fakeApi, renderRoutes } from '@/test/render';

import type { MyCompany } from '../api/get-my-company';
import type { StaffMember } from '../api/get-staff';
import type { StaffInvitation } from '../api/get-staff-invitations';
import { Component as MyCompanyPage, loader } from './my-company';

const company = { businessName: 'Vakants Demo OÜ', registryCode: '14000009', countryCode: 'EE' };
const me = { username: 'employer@vakants.test', roles: ['USER', 'EMPLOYER'], originalUser: null, company, profile: {} };
const STAFF = '/api/employer/company/EE/14000009/staff';

const myCompany = (isSupervisor: boolean): MyCompany =>
  ({ ...company, hasContract: false, isSupervisor, profile: { email: 'info@demo.ee', categoryCodes: [], descriptions: [] } }) as unknown as MyCompany;

const boss: StaffMember = {
  userId: 'u-boss',
  email: 'employer@vakants.test',
  firstname: 'Vahur',
  lastname: 'Valdur',
  phoneNumber: '+37251234567',
  jobTitle: null,
  isSupervisor: true,
  isAdministrator: true,
};
const mari: StaffMember = { ...boss, userId: 'u-mari', email: 'mari@vakants.test', firstname: 'Mari', lastname: 'Maasikas', jobTitle: 'Raamatupidaja', isSupervisor: false, isAdministrator: false };
const invited: StaffInvitation = {
  id: 'i-1',
  email: 'jaan@example.ee',
  jobTitle: 'Laojuhataja',
  status: 'invited',
  createdAt: '2026-11-28T08:00:00Z',
  expiresAt: '2026-12-28T08:00:00Z',
};

const routes = [{ path: 'employer/account/my-company', element: <MyCompanyPage /> }];

function api(isSupervisor: boolean, extra: FakeApi = {}) {
  return fakeApi({
    'GET /api/open/me': { body: me },
    'GET /api/employer/my-companies': { body: [company] },
    'GET /api/employer/company': { body: myCompany(isSupervisor) },
    [`GET ${STAFF}`]: { body: [boss, mari] },
    [`GET ${STAFF}/invitations`]: { body: [invited] },
    ...extra,
  });
}

async function openTab() {
  await loader();
  return renderRoutes('/en/employer/account/my-company?tab=staff', routes);
}

describe('my company: staff', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows an invited person as the e-mail and "invited" only, and withdraws the invitation', async () => {
    const calls = api(true, { [`DELETE ${STAFF}/invitations/i-1`]: { status: 204 } });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await openTab();
    const card = await screen.findByRole('article', { name: 'jaan@example.ee' });
    expect(within(card).getByText('invited')).toBeInTheDocument();
    expect(within(card).getByText('Laojuhataja')).toBeInTheDocument();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Withdraw the invitation' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/staff/invitations/i-1'))).toBe(true));
  });

  it('invites by e-mail and job title, asking no name or phone', async () => {
    const calls = api(true, { [`POST ${STAFF}`]: { body: { ...invited, id: 'i-2', email: 'kalle@example.ee' } } });
    await openTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a staff member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a staff member' });
    expect(within(dialog).queryByLabelText(/First name|Phone/)).toBeNull();
    await user.type(within(dialog).getByLabelText(/E-mail/), 'kalle@example.ee');
    await user.type(within(dialog).getByLabelText('Job title (optional)'), 'Kuller');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const post = await waitFor(() => {
      const found = calls.find((c) => c.method === 'POST' && new URL(c.url).pathname === STAFF);
      expect(found).toBeDefined();
      return found!;
    });
    expect(await post.json()).toEqual({ email: 'kalle@example.ee', jobTitle: 'Kuller' });
  });

  it('edits the job title and the administrator tag of a member, not their name or phone', async () => {
    const calls = api(true, { [`POST ${STAFF}/u-mari`]: { body: { ...mari, jobTitle: 'Pearaamatupidaja' } } });
    await openTab();
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Mari Maasikas' });
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: "Staff member's data" });
    expect(within(dialog).queryByRole('textbox', { name: /First name|Last name|Phone|E-mail/ })).toBeNull();
    const title = within(dialog).getByLabelText('Job title (optional)');
    expect(title).toHaveValue('Raamatupidaja');
    await user.clear(title);
    await user.type(title, 'Pearaamatupidaja');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const post = await waitFor(() => {
      const found = calls.find((c) => c.method === 'POST' && c.url.endsWith('/staff/u-mari'));
      expect(found).toBeDefined();
      return found!;
    });
    expect(await post.json()).toEqual({ jobTitle: 'Pearaamatupidaja', isAdministrator: false });
  });

  it('grants the administrator tag, which the list then shows; the supervisor keeps theirs', async () => {
    let granted = false;
    const calls = api(true, {
      [`GET ${STAFF}`]: () => ({ body: [boss, { ...mari, isAdministrator: granted }] }),
      [`POST ${STAFF}/u-mari`]: () => {
        granted = true;
        return { body: { ...mari, isAdministrator: true } };
      },
    });
    await openTab();
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Mari Maasikas' });
    expect(within(card).queryByText('Administrator')).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: "Staff member's data" });
    const tag = within(dialog).getByRole('switch', { name: /^Administrator/ });
    expect(tag).not.toBeChecked();
    await user.click(tag);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(screen.getByRole('article', { name: 'Mari Maasikas' })).getByText('Administrator')).toBeInTheDocument());
    const post = calls.find((c) => c.method === 'POST' && c.url.endsWith('/staff/u-mari'));
    expect(await post!.json()).toEqual({ jobTitle: 'Raamatupidaja', isAdministrator: true });

    await user.click(within(screen.getByRole('article', { name: 'Vahur Valdur' })).getByRole('button', { name: 'Edit' }));
    const own = await screen.findByRole('dialog', { name: "Staff member's data" });
    expect(within(own).queryByRole('switch')).toBeNull();
    expect(within(own).getByText('The supervisor has every right of an administrator.')).toBeInTheDocument();
  });

  it('does not ask other staff for the invitations', async () => {
    const calls = api(false);
    await openTab();
    await screen.findByRole('article', { name: 'Mari Maasikas' });
    expect(screen.queryByRole('article', { name: 'jaan@example.ee' })).toBeNull();
    expect(calls.some((c) => c.url.includes('/staff/invitations'))).toBe(false);
  });
});
