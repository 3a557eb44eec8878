import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Me } from '@/shared/api/types';
import { useMe } from '@/shared/session/me';
import { fakeApi, renderRoutes } from '@/test/render';

import { CompanySwitcher } from './company-switcher';

const notify = vi.hoisted(() => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));
vi.mock('@/shared/ui/notify', () => notify);

const PUIT = { countryCode: 'EE', registryCode: '10000001', businessName: 'Puit OÜ' };
const KIVI = { countryCode: 'EE', registryCode: '10000002', businessName: 'Kivi AS' };

const employer = (company: typeof PUIT): Me => ({ username: 'jaan@example.ee', roles: ['USER', 'EMPLOYER'], originalUser: null, profile: {}, company });

/** The header's place for the picker: the signed-in user as the session says. */
function Header() {
  const me = useMe().data;
  return me ? <CompanySwitcher me={me} /> : null;
}

describe('CompanySwitcher', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('switches the company from the header and reads the company data again', async () => {
    const calls = fakeApi({
      'GET /api/open/me': { body: employer(PUIT) },
      'GET /api/employer/my-companies': { body: [KIVI, PUIT] },
      'POST /api/auth/EE/10000002': { body: employer(KIVI) },
    });
    await renderRoutes('/en/employer/account/my-vacancies', [{ path: 'employer/account/my-vacancies', element: <Header /> }]);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Company: Puit OÜ' }));
    expect(await screen.findByRole('menuitem', { name: /Puit OÜ/ })).toBeDisabled();
    await user.click(screen.getByRole('menuitem', { name: 'Kivi AS' }));

    expect(await screen.findByRole('button', { name: 'Company: Kivi AS' })).toBeInTheDocument();
    expect(notify.notifySuccess).toHaveBeenCalledWith('You now act for Kivi AS.');
    expect(calls.some((call) => call.method === 'POST' && call.url.endsWith('/api/auth/EE/10000002'))).toBe(true);
    const listed = calls.filter((call) => call.method === 'GET' && call.url.endsWith('/api/employer/my-companies'));
    expect(listed.length).toBe(2);
  });

  it('shows nothing for an employer of one company', async () => {
    const calls = fakeApi({ 'GET /api/open/me': { body: employer(PUIT) }, 'GET /api/employer/my-companies': { body: [PUIT] } });
    await renderRoutes('/en/x', [{ path: 'x', element: <Header /> }]);
    await vi.waitFor(() => expect(calls.some((call) => call.url.endsWith('/api/employer/my-companies'))).toBe(true));
    expect(screen.queryByRole('button', { name: /Company/ })).not.toBeInTheDocument();
  });

  it('speaks the reader language', async () => {
    fakeApi({ 'GET /api/open/me': { body: employer(PUIT) }, 'GET /api/employer/my-companies': { body: [KIVI, PUIT] } });
    await renderRoutes('/et/x', [{ path: 'x', element: <Header /> }], 'et');
    expect(await screen.findByRole('button', { name: 'Ettevõte: Puit OÜ' })).toBeInTheDocument();
  });
});
