import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { loginRedirect, RequireAccount, RequireRole } from './guards';

const routes = [
  { path: 'login', element: <p>sign-in page</p> },
  { path: '403', element: <p>denied page</p> },
  { path: 'employer', element: <RequireRole roles={['EMPLOYER']} />, children: [{ path: '*', element: <p>employer page</p> }] },
  { path: 'invitations', element: <RequireAccount />, children: [{ index: true, element: <p>invitations page</p> }] },
];

describe('RequireRole', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a visitor to sign in with the return path and e-mail', async () => {
    fakeApi({ 'GET /api/open/me': { body: null } });
    const { router } = await renderRoutes('/et/employer/account/my-company?email=a%40b.ee', routes, 'et');
    expect(await screen.findByText('sign-in page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?p=%2Fet%2Femployer%2Faccount%2Fmy-company%3Femail%3Da%2540b.ee&email=a%40b.ee');
  });

  it('sends a user without the role to /403', async () => {
    fakeApi({ 'GET /api/open/me': { body: { username: 'a@b.ee', roles: ['USER', 'APPLICANT'], profile: {}, company: null } } });
    await renderRoutes('/en/employer/account/my-company', routes);
    expect(await screen.findByText('denied page')).toBeInTheDocument();
  });

  it('treats a user with only the base role as a visitor', async () => {
    fakeApi({ 'GET /api/open/me': { body: { username: 'a@b.ee', roles: ['USER'], profile: {}, company: null } } });
    await renderRoutes('/en/employer/x', routes);
    expect(await screen.findByText('sign-in page')).toBeInTheDocument();
  });

  it('lets the role in', async () => {
    fakeApi({ 'GET /api/open/me': { body: { username: 'a@b.ee', roles: ['USER', 'EMPLOYER'], profile: {}, company: null } } });
    await renderRoutes('/en/employer/x', routes);
    expect(await screen.findByText('employer page')).toBeInTheDocument();
  });
});

describe('loginRedirect', () => {
  it('leaves the e-mail out when there is none', () => {
    expect(loginRedirect('en', '/en/account/my-cv', null)).toBe('/en/login?p=%2Fen%2Faccount%2Fmy-cv');
  });
});

describe('RequireAccount', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lets in an account with only the base role (an invitee who has not chosen a role)', async () => {
    fakeApi({ 'GET /api/open/me': { body: { username: 'a@b.ee', roles: ['USER'], profile: {}, company: null } } });
    await renderRoutes('/en/invitations', routes);
    expect(await screen.findByText('invitations page')).toBeInTheDocument();
  });

  it('sends a visitor to sign in and back', async () => {
    fakeApi({ 'GET /api/open/me': { body: null } });
    const { router } = await renderRoutes('/en/invitations', routes);
    expect(await screen.findByText('sign-in page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?p=%2Fen%2Finvitations');
  });
});
