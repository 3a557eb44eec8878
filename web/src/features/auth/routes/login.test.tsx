import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { Component as Login } from './login';

const me = (roles: string[], profile = { firstname: 'Mari', lastname: 'Maasikas', phoneNumber: '+37251234567' }) => ({
  username: 'mari@example.ee',
  roles,
  originalUser: null,
  company: null,
  profile,
});

const routes = [
  { path: 'login', element: <Login /> },
  { path: 'account/*', element: <p>account page</p> },
];

describe('sign-in', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('registers an unknown e-mail only with the consents', async () => {
    const calls = fakeApi({
      'GET /api/open/me': { body: null },
      'POST /api/auth/login': { body: false },
      'POST /api/auth/register': { status: 204 },
    });
    await renderRoutes('/en/login?email=new@example.ee', routes);
    const user = userEvent.setup();

    expect(screen.getByLabelText(/E-mail/)).toHaveValue('new@example.ee');
    expect(screen.getByRole('link', { name: 'terms of use' })).toHaveAttribute('href', '/documents/terms-of-use-en.pdf');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Create an account' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Registration without acceptance of the terms of use is not possible');
    expect(calls.some((call) => call.url.endsWith('/api/auth/register'))).toBe(false);

    await user.click(screen.getByLabelText('I accept the terms of use'));
    await user.click(screen.getByLabelText('I agree to the processing of my personal data'));
    await user.click(screen.getByLabelText('I accept the use of cookies'));
    await user.click(screen.getByRole('button', { name: 'Create an account' }));

    expect(await screen.findByRole('heading', { name: 'Enter the code' })).toBeInTheDocument();
    const register = calls.find((call) => call.url.endsWith('/api/auth/register'))!;
    expect(await register.json()).toEqual({ email: 'new@example.ee', termsOfUse: true, dataProcessing: true, useOfCookies: true });
    expect(register.headers.get('accept-language')).toBe('en');
  });

  it('shows a wrong code under the field and clears it on input', async () => {
    fakeApi({
      'GET /api/open/me': { body: null },
      'POST /api/auth/login': { body: true },
      'POST /api/auth/verify-otp': { status: 400, body: { message: 'Invalid verification code', code: 'invalid_verification_code' } },
    });
    await renderRoutes('/en/login', routes);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/E-mail/), 'mari@example.ee');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText(/Code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Invalid verification code')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Code/), '{Backspace}');
    expect(screen.queryByText('Invalid verification code')).not.toBeInTheDocument();
  });

  it('registers an applicant returning to the account area and sends them back', async () => {
    const calls = fakeApi({
      'GET /api/open/me': { body: null },
      'POST /api/auth/login': { body: true },
      'POST /api/auth/verify-otp': { body: me(['USER']) },
      'POST /api/user/register-applicant': { body: me(['USER', 'APPLICANT']) },
    });
    const { router } = await renderRoutes('/en/login?p=%2Fen%2Faccount%2Fmy-cv', routes);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/E-mail/), 'mari@example.ee');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText(/Code/), '123456');
    await user.click(screen.getByLabelText('Remember me on this device'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('account page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/en/account/my-cv');
    const verify = calls.find((call) => call.url.includes('/api/auth/verify-otp'))!;
    expect(new URL(verify.url).searchParams.get('remember-me')).toBe('true');
    await waitFor(() => expect(window.dataLayer?.map((entry) => entry.event)).toEqual(expect.arrayContaining(['log_in', 'new_b2c'])));
  });

  it('says that only the link of the mail works once the codes of the account are spent', async () => {
    fakeApi({
      'GET /api/open/me': { body: null },
      'POST /api/auth/login': { body: true, headers: { 'x-sign-in-method': 'link' } },
    });
    await renderRoutes('/en/login', routes);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/E-mail/), 'mari@example.ee');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many wrong codes were tried for this account today. Use the link in the e-mail we just sent to mari@example.ee',
    );
    expect(screen.queryByRole('textbox', { name: /^Code/ })).not.toBeInTheDocument();
  });

  it('signs in with the link of the mail and takes the token out of the address', async () => {
    const calls = fakeApi({
      'GET /api/open/me': { body: null },
      'POST /api/auth/link': { body: me(['USER', 'APPLICANT']) },
    });
    const { router } = await renderRoutes('/en/login?link=tok3n&p=%2Fen%2Faccount%2Fmy-cv', routes);
    const user = userEvent.setup();
    await waitFor(() => expect(router.state.location.search).toBe('?p=%2Fen%2Faccount%2Fmy-cv'));
    await user.click(screen.getByLabelText('Remember me on this device'));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('account page')).toBeInTheDocument();
    const link = calls.find((call) => call.url.includes('/api/auth/link'))!;
    expect(await link.json()).toEqual({ token: 'tok3n' });
    expect(new URL(link.url).searchParams.get('remember-me')).toBe('true');
  });

  it('explains a link opened in another browser and offers a new mail', async () => {
    fakeApi({
      'GET /api/open/me': { body: null },
      'POST /api/auth/link': {
        status: 400,
        body: { message: 'Open the sign-in link in the browser where you asked', code: 'sign_in_link_other_browser', field: 'token' },
      },
    });
    await renderRoutes('/en/login?link=tok3n', routes);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This link works only in the browser where you asked to sign in.');
    await user.click(screen.getByRole('button', { name: 'Send a new e-mail' }));
    expect(await screen.findByLabelText(/E-mail/)).toBeInTheDocument();
  });
});
