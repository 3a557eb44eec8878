import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { Component as Home } from './home';

const routes = [
  { index: true, element: <Home /> },
  { path: 'account/create-cv', element: <h1>A new CV</h1> },
  { path: 'employer/account/my-vacancies/create-vacancy', element: <h1>A new vacancy</h1> },
];

function signedIn(roles: string[]) {
  return { username: 'someone@example.ee', roles: ['USER', ...roles], originalUser: null, company: null, profile: { firstname: 'Some', lastname: 'One' } };
}

/** The home page as this user sees it; the vacancy list below the cards is left out (it loads when scrolled near). */
async function renderHome(me: ReturnType<typeof signedIn> | null) {
  fakeApi({ 'GET /api/open/me': { body: me }, 'GET /api/user/recommendations': { body: { content: [] } } });
  await renderRoutes('/en', routes);
  await screen.findByRole('heading', { level: 1, name: 'Find work and workers in Estonia' });
}

describe('the home page calls to action', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    window.dataLayer = [];
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends a visitor through the sign-in to creating a CV or a vacancy', async () => {
    await renderHome(null);
    expect(screen.getByRole('link', { name: 'Create a CV' })).toHaveAttribute('href', `/en/login?p=${encodeURIComponent('/en/account/create-cv')}`);
    expect(screen.getByRole('link', { name: 'Create a vacancy' })).toHaveAttribute(
      'href',
      `/en/login?p=${encodeURIComponent('/en/employer/account/my-vacancies/create-vacancy')}`,
    );
  });

  it('leads an applicant to creating a CV, sends uus_cv, and disables the employer card', async () => {
    await renderHome(signedIn(['APPLICANT']));
    const employer = await screen.findByRole('button', { name: 'Create a vacancy' });
    expect(employer).toHaveAttribute('aria-disabled', 'true');
    expect(employer).toHaveAccessibleDescription("Creating a vacancy needs an employer's account.");
    const cv = screen.getByRole('link', { name: 'Create a CV' });
    expect(cv).toHaveAttribute('href', '/en/account/create-cv');
    await userEvent.setup().click(cv);
    expect(await screen.findByRole('heading', { name: 'A new CV' })).toBeInTheDocument();
    expect(window.dataLayer).toEqual([{ event: 'uus_cv' }]);
  });

  it('leads an employer to creating a vacancy, sends lisa_kuulutus, and disables the applicant card', async () => {
    await renderHome(signedIn(['EMPLOYER']));
    const applicant = await screen.findByRole('button', { name: 'Create a CV' });
    expect(applicant).toHaveAttribute('aria-disabled', 'true');
    expect(applicant).toHaveAccessibleDescription("Creating a CV needs a job seeker's account.");
    const vacancy = screen.getByRole('link', { name: 'Create a vacancy' });
    expect(vacancy).toHaveAttribute('href', '/en/employer/account/my-vacancies/create-vacancy');
    await userEvent.setup().click(vacancy);
    expect(await screen.findByRole('heading', { name: 'A new vacancy' })).toBeInTheDocument();
    expect(window.dataLayer).toEqual([{ event: 'lisa_kuulutus' }]);
  });

  it('disables both cards for an administrator, who has neither role, and sends nothing on a click', async () => {
    await renderHome(signedIn(['ADMIN']));
    const cv = await screen.findByRole('button', { name: 'Create a CV' });
    const vacancy = screen.getByRole('button', { name: 'Create a vacancy' });
    expect(cv).toHaveAttribute('aria-disabled', 'true');
    expect(vacancy).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByRole('link', { name: /Create a/ })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(cv);
    await user.click(vacancy);
    expect(screen.getByRole('heading', { level: 1, name: 'Find work and workers in Estonia' })).toBeInTheDocument();
    expect(window.dataLayer).toEqual([]);
  });

  it('keeps both cards open for a user with both roles', async () => {
    await renderHome(signedIn(['APPLICANT', 'EMPLOYER']));
    expect(await screen.findByRole('link', { name: 'Create a CV' })).toHaveAttribute('href', '/en/account/create-cv');
    expect(screen.getByRole('link', { name: 'Create a vacancy' })).toHaveAttribute('href', '/en/employer/account/my-vacancies/create-vacancy');
  });
});
