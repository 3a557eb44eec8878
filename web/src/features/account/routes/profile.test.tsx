import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { Component as Profile, loader } from './profile';

const notify = vi.hoisted(() => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));
vi.mock('@/shared/ui/notify', () => notify);

const me = {
  username: 'mari@example.ee',
  roles: ['USER', 'APPLICANT'],
  originalUser: null,
  company: null,
  profile: { firstname: 'Mari', lastname: 'Maasikas', phoneNumber: '+37251234567', gender: 'FEMALE', dateOfBirth: '1990-05-17', language: 'en', newsletterOptIn: true },
};
const genders = [{ gender: 'FEMALE', label: 'Female' }, { gender: 'MALE', label: 'Male' }];
const routes = [{ path: 'account/profile', element: <Profile /> }];

describe('the applicant’s profile', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('turns the newsletter off and saves the choice with the details', async () => {
    const calls = fakeApi({
      'GET /api/open/me': { body: me },
      'GET /api/open/genders': { body: genders },
      'GET /api/user/recommendations': { body: { content: [] } },
      'POST /api/user/profile': { body: { ...me, profile: { ...me.profile, newsletterOptIn: false } } },
    });
    await loader();
    const user = userEvent.setup();
    await renderRoutes('/en/account/profile', routes);

    const newsletter = await screen.findByRole('checkbox', { name: 'Send me the Vakants newsletter and tips' });
    expect(newsletter).toBeChecked();
    expect(screen.getByText('Mail about your applications, interviews, messages and invoices always comes.')).toBeInTheDocument();
    await user.click(newsletter);
    expect(newsletter).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notify.notifySuccess).toHaveBeenCalled());
    const post = calls.find((call) => call.method === 'POST')!;
    expect(await post.json()).toEqual({
      firstname: 'Mari',
      lastname: 'Maasikas',
      phoneNumber: '+37251234567',
      gender: 'FEMALE',
      dateOfBirth: '1990-05-17',
      language: 'en',
      newsletterOptIn: false,
    });
  });

  it('saves the language of the e-mails and switches the interface to it', async () => {
    const calls = fakeApi({
      'GET /api/open/me': { body: me },
      'GET /api/open/genders': { body: genders },
      'GET /api/user/recommendations': { body: { content: [] } },
      'POST /api/user/profile': { body: { ...me, profile: { ...me.profile, language: 'ru' } } },
    });
    await loader();
    const user = userEvent.setup();
    const { router } = await renderRoutes('/en/account/profile', routes);

    const language = await screen.findByRole('combobox', { name: 'Language' });
    expect(language).toHaveValue('English');
    expect(language).toHaveAccessibleDescription('The language of your e-mails and of this interface');
    await user.click(language);
    await user.click(await screen.findByRole('option', { name: 'Русский' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notify.notifySuccess).toHaveBeenCalled());
    const post = calls.find((call) => call.method === 'POST')!;
    expect(await post.json()).toMatchObject({ language: 'ru', newsletterOptIn: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/ru/account/profile'));
    expect(localStorage.getItem('selectedLocale')).toBe('ru');
  });

  it('starts from the interface language when none is saved, and stays on the page when it is kept', async () => {
    const calls = fakeApi({
      'GET /api/open/me': { body: { ...me, profile: { ...me.profile, language: null } } },
      'GET /api/open/genders': { body: genders },
      'GET /api/user/recommendations': { body: { content: [] } },
      'POST /api/user/profile': { body: me },
    });
    await loader();
    const user = userEvent.setup();
    const { router } = await renderRoutes('/en/account/profile', routes);

    expect(await screen.findByRole('combobox', { name: 'Language' })).toHaveValue('English');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notify.notifySuccess).toHaveBeenCalled());
    expect(await calls.find((call) => call.method === 'POST')!.json()).toMatchObject({ language: 'en' });
    expect(router.state.location.pathname).toBe('/en/account/profile');
  });

  it('shows an opted-out applicant’s box unticked', async () => {
    fakeApi({
      'GET /api/open/me': { body: { ...me, profile: { ...me.profile, newsletterOptIn: false } } },
      'GET /api/open/genders': { body: genders },
      'GET /api/user/recommendations': { body: { content: [] } },
    });
    await loader();
    await renderRoutes('/en/account/profile', routes);
    expect(await screen.findByRole('checkbox', { name: 'Send me the Vakants newsletter and tips' })).not.toBeChecked();
  });
});
