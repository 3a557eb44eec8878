import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { type FakeApi, fakeApi, renderRoutes } from '@/test/render';

import type { CreatedApiKey } from '../api/create-api-key';
import type { ApiKey } from '../api/get-api-keys';
import type { MyCompany } from '../api/get-my-company';
import { Component as MyCompanyPage, loader } from './my-company';

const company = { businessName: 'Vakants Demo OÜ', registryCode: '14000009', countryCode: 'EE' };
const me = { username: 'employer@vakants.test', roles: ['USER', 'EMPLOYER'], originalUser: null, company, profile: {} };
const KEYS = '/api/employer/company/EE/14000009/api_keys';

const myCompany = (isSupervisor: boolean): MyCompany =>
  ({ ...company, hasContract: false, isSupervisor, profile: { email: 'info@demo.ee', categoryCodes: [], descriptions: [] } }) as unknown as MyCompany;

const crm: ApiKey = {
  keyId: 'k-1',
  title: 'CRM',
  prefix: 'vk_AbCd1234',
  createdAt: '2026-11-20T08:00:00Z',
  createdBy: 'employer@vakants.test',
  lastUsedAt: '2026-11-24T10:30:00Z',
};

const routes = [{ path: 'employer/account/my-company', element: <MyCompanyPage /> }];

function api(isSupervisor: boolean, extra: FakeApi = {}) {
  return fakeApi({
    'GET /api/open/me': { body: me },
    'GET /api/employer/my-companies': { body: [company] },
    'GET /api/employer/company': { body: myCompany(isSupervisor) },
    [`GET ${KEYS}`]: { body: [crm] },
    ...extra,
  });
}

async function openTab() {
  await loader();
  return renderRoutes('/en/employer/account/my-company?tab=api-keys', routes);
}

describe('my company: API keys', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the keys with prefix, creator and last use, never a secret', async () => {
    api(true);
    await openTab();
    expect(await screen.findByRole('tab', { name: 'API keys' })).toHaveAttribute('aria-selected', 'true');
    const card = await screen.findByRole('article', { name: 'CRM' });
    expect(within(card).getByText('vk_AbCd1234…')).toBeInTheDocument();
    expect(within(card).getByText('Created 20.11.2026 by employer@vakants.test')).toBeInTheDocument();
    expect(within(card).getByText('Last used 24.11.2026 12:30')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Revoke' })).toBeInTheDocument();
    expect(screen.getByText(/A key works only while the supervisor who made it is the company's supervisor/)).toBeInTheDocument();
  });

  it('creates a key and shows it once with a copy button and a warning', async () => {
    const created: CreatedApiKey = { ...crm, keyId: 'k-2', title: 'ATS', prefix: 'vk_ZyXw9876', lastUsedAt: null, secret: 'vk_ZyXw9876secretsecretsecretsecretsecretsec' };
    const keyId = '00000000-0000-4000-8000-000000000002';
    vi.spyOn(crypto, 'randomUUID').mockReturnValue(keyId);
    const calls = api(true, { [`POST ${KEYS}/${keyId}`]: { status: 201, body: created } });
    const user = userEvent.setup();
    await openTab();
    await user.click(await screen.findByRole('button', { name: 'Create an API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), '  ATS ');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(shown).getByRole('alert')).toHaveTextContent('It is shown only this once');
    expect(within(shown).getByRole('textbox', { name: 'API key' })).toHaveValue(created.secret);
    expect(within(shown).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(await post.clone().json()).toEqual({ title: 'ATS' });

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(created.secret)).not.toBeInTheDocument();
  });

  it('revokes a key after confirmation', async () => {
    const calls = api(true, { [`DELETE ${KEYS}/k-1`]: { status: 204 } });
    const user = userEvent.setup();
    await openTab();
    await user.click(within(await screen.findByRole('article', { name: 'CRM' })).getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the API key' });
    expect(dialog).toHaveTextContent('Revoke the key "CRM"? Systems that use it lose access at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(within(screen.getByRole('article', { name: 'CRM' })).getByRole('button', { name: 'Revoke' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Revoke the API key' })).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && new URL(call.url).pathname === `${KEYS}/k-1`)).toBe(true));
  });

  it('shows other staff the keys without create or revoke', async () => {
    api(false);
    await openTab();
    const card = await screen.findByRole('article', { name: 'CRM' });
    expect(within(card).queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create an API key' })).not.toBeInTheDocument();
    expect(screen.getByText("The company's supervisor creates and revokes keys.")).toBeInTheDocument();
  });
});
