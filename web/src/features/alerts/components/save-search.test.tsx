import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { SaveSearch } from './save-search';

const applicant = { username: 'mari@example.ee', roles: ['USER', 'APPLICANT'], firstname: 'Mari', lastname: 'Maasikas' };
const reference = {
  'GET /api/open/categories': { body: [{ categoryCode: 'CATERING', label: 'Catering' }] },
  'GET /api/open/addresses/EE/cities': { body: [{ code: '0784', address: 'Tallinn' }] },
};

describe('save search', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves the search of the URL for an applicant, named from its words and places, and then says it is saved', async () => {
    let saved = false;
    const calls = fakeApi({
      ...reference,
      'GET /api/open/me': { body: applicant },
      'POST /api/user/saved-searches/lookup': () => ({ body: { savedSearchId: saved ? 's1' : null } }),
      'POST /api/user/saved-searches': () => {
        saved = true;
        return { status: 201, body: { id: 's1' } };
      },
    });
    const user = userEvent.setup();
    await renderRoutes('/en/vacancies?occupation=kokk&cityCode=0784&page=2', [{ path: 'vacancies', element: <SaveSearch /> }]);
    await user.click(await screen.findByRole('button', { name: 'Save search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    await vi.waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('kokk · Tallinn'));
    expect(within(dialog).queryByRole('textbox', { name: /e-mail/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'At once' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('link', { name: 'Search saved' })).toHaveAttribute('href', '/en/account/my-alerts');
    const post = calls.find((call) => call.method === 'POST' && new URL(call.url).pathname === '/api/user/saved-searches');
    expect(await post?.json()).toEqual({
      name: 'kokk · Tallinn',
      frequency: 'INSTANT',
      filter: { occupation: 'kokk', cityCode: ['0784'] },
      query: 'occupation=kokk&cityCode=0784',
    });
  });

  it('asks a visitor for an e-mail and tells them to confirm it', async () => {
    const calls = fakeApi({ ...reference, 'GET /api/open/me': { body: null }, 'POST /api/open/saved-searches': { status: 202 } });
    const user = userEvent.setup();
    await renderRoutes('/en/vacancies?categoryCode=CATERING', [{ path: 'vacancies', element: <SaveSearch /> }]);
    await user.click(await screen.findByRole('button', { name: 'Save search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    const email = within(dialog).getByRole('textbox', { name: /Your e-mail/ });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a valid e-mail address')).toBeInTheDocument();
    await user.type(email, 'guest@example.ee');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('open the link in the mail we sent to guest@example.ee');
    const post = calls.find((call) => call.method === 'POST');
    expect(await post?.json()).toMatchObject({ email: 'guest@example.ee', locale: 'en', frequency: 'DAILY', filter: { categoryCode: ['CATERING'] } });
    expect(calls.some((call) => new URL(call.url).pathname.endsWith('/lookup'))).toBe(false);
  });
});
