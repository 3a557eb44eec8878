import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { CompanyStep } from './company-step';

const entry = { countryCode: 'EE', registryCode: '14000009', businessName: 'Vakants Demo OÜ', address: 'Tallinn' };

describe('CompanyStep', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('searches after more than 2 characters with a trimmed, lowercased query in EE', async () => {
    const calls = fakeApi({ 'GET /api/open/companies/EE': { body: [entry] } });
    await renderRoutes('/en/login', [{ path: 'login', element: <CompanyStep onRegistered={() => {}} /> }]);
    const user = userEvent.setup();
    const field = screen.getByRole('combobox', { name: /Company/ });

    await user.type(field, ' VA');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls).toHaveLength(0);

    await user.type(field, 'K ');
    expect(await screen.findByRole('option', { name: 'Vakants Demo OÜ (14000009)' })).toBeInTheDocument();
    expect(new URL(calls[0].url).searchParams.get('search')).toBe('vak');
  });

  it('shows a refusal on the field', async () => {
    fakeApi({
      'GET /api/open/companies/EE': { body: [entry] },
      'POST /api/user/companies/EE/14000009/register': {
        status: 400,
        body: { message: 'First name, last name and phone are required', code: 'profile_incomplete' },
      },
    });
    const onRegistered = vi.fn();
    await renderRoutes('/en/login', [{ path: 'login', element: <CompanyStep onRegistered={onRegistered} /> }]);
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: /Company/ }), 'vakants');
    await user.click(await screen.findByRole('option', { name: /Vakants Demo OÜ/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText(/Fill in your first name, last name and phone first/)).toBeInTheDocument();
    expect(onRegistered).not.toHaveBeenCalled();
  });

  it('hands on a claim that waits for approval', async () => {
    const waiting = {
      username: 'jaan@example.ee',
      roles: ['USER'],
      originalUser: null,
      company: null,
      profile: { firstname: 'Jaan', lastname: 'Tamm', phoneNumber: '+37251234567' },
      pendingClaims: [{ countryCode: 'EE', registryCode: '14000009', businessName: 'Vakants Demo OÜ' }],
    };
    fakeApi({
      'GET /api/open/companies/EE': { body: [entry] },
      'POST /api/user/companies/EE/14000009/register': { status: 202, body: waiting },
    });
    const onRegistered = vi.fn();
    await renderRoutes('/en/login', [{ path: 'login', element: <CompanyStep onRegistered={onRegistered} /> }]);
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: /Company/ }), 'vakants');
    await user.click(await screen.findByRole('option', { name: /Vakants Demo OÜ/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await vi.waitFor(() => expect(onRegistered).toHaveBeenCalledWith(waiting));
  });

  it('says when nothing is found', async () => {
    fakeApi({ 'GET /api/open/companies/EE': { status: 404, body: { message: 'Company with this name not found', code: 'company_not_found' } } });
    await renderRoutes('/en/login', [{ path: 'login', element: <CompanyStep onRegistered={() => {}} /> }]);
    await userEvent.setup().type(screen.getByRole('combobox', { name: /Company/ }), 'zzzz');
    expect(await screen.findByText('Company with this name not found')).toBeInTheDocument();
  });
});
