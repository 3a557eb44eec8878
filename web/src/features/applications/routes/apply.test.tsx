import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { Component as Apply, loader } from './apply';

const vacancy = (canApply: boolean) => ({
  vacancyId: 'v1',
  occupation: { labels: { et: 'Kokk', en: 'Cook', ru: 'Повар' } },
  company: { businessName: 'Põhja Köök OÜ', countryCode: 'EE', registryCode: '12345678' },
  canApply,
  active: true,
});
const form = (cvNotRequired: boolean) => ({
  vacancyId: 'v1',
  cvNotRequired,
  applyLink: null,
  questions: [
    { questionId: 'q1', question: 'When can you start?' },
    { questionId: 'q2', question: 'Do you have a health certificate?' },
  ],
});
const cvs = [
  { cvId: 'cv-draft', title: 'Unfinished', status: 'DRAFT', visibility: 'VISIBLE', updatedAt: '2026-11-10T10:00:00Z' },
  { cvId: 'cv-1', title: 'Cook CV', status: 'ACTIVE', visibility: 'VISIBLE', updatedAt: '2026-11-01T10:00:00Z' },
];

async function renderApply() {
  await loader();
  return renderRoutes('/en/account/vacancies/v1/apply', [
    { path: 'account/vacancies/:vacancyId/apply', element: <Apply /> },
    { path: 'account/my-applications', element: <h1>My applications page</h1> },
  ]);
}

describe('the apply screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('wants every question answered, then sends the chosen CV, the answers and the letter', async () => {
    const calls = fakeApi({
      'GET /api/open/vacancies/v1': { body: vacancy(true) },
      'GET /api/open/vacancies/v1/apply': { body: form(false) },
      'GET /api/applicant/cv/my': { body: cvs },
      'POST /api/applicant/applications': { status: 201, body: { applicationId: 'a1' } },
    });
    const user = userEvent.setup();
    const { router } = await renderApply();

    expect(await screen.findByRole('link', { name: 'Cook' })).toHaveAttribute('href', '/en/vacancies/v1');
    expect(screen.getByRole('radio', { name: /Cook CV/ })).toBeChecked();
    expect(screen.queryByRole('radio', { name: /Unfinished/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Without a CV' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText(/When can you start\?/), 'Tomorrow');
    await user.click(screen.getByRole('button', { name: 'Send the application' }));
    expect(await screen.findByText('Please answer this question')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText(/Do you have a health certificate\?/), 'Yes');
    await user.type(screen.getByLabelText('Cover letter (optional)'), 'Hello!');
    await user.click(screen.getByRole('button', { name: 'Send the application' }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/en/account/my-applications'));
    const post = calls.find((call) => call.method === 'POST');
    expect(await post?.json()).toEqual({
      vacancyId: 'v1',
      cvId: 'cv-1',
      coverLetter: 'Hello!',
      answers: [
        { questionId: 'q1', answer: 'Tomorrow' },
        { questionId: 'q2', answer: 'Yes' },
      ],
    });
  }, 20_000);

  it('offers "without a CV" where the vacancy allows it and a way to create a CV when there is none', async () => {
    fakeApi({
      'GET /api/open/vacancies/v1': { body: vacancy(true) },
      'GET /api/open/vacancies/v1/apply': { body: { ...form(true), questions: [] } },
      'GET /api/applicant/cv/my': { body: [] },
    });
    await renderApply();
    expect(await screen.findByRole('radio', { name: 'Without a CV' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Create a CV' })).toHaveAttribute('href', '/en/account/create-cv');
  });

  it('shows "already applied" from the server and from the vacancy', async () => {
    fakeApi({
      'GET /api/open/vacancies/v1': { body: vacancy(true) },
      'GET /api/open/vacancies/v1/apply': { body: { ...form(false), questions: [] } },
      'GET /api/applicant/cv/my': { body: cvs },
      'POST /api/applicant/applications': { status: 400, body: { message: 'This position has already been applied', code: 'already_applied' } },
    });
    const user = userEvent.setup();
    await renderApply();
    await user.click(await screen.findByRole('button', { name: 'Send the application' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This position has already been applied');
    expect(screen.queryByRole('button', { name: 'Send the application' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See my applications' })).toHaveAttribute('href', '/en/account/my-applications');
  });

  it('shows the applied state straight away when the user has applied before', async () => {
    fakeApi({
      'GET /api/open/vacancies/v1': { body: vacancy(false) },
      'GET /api/open/vacancies/v1/apply': { body: form(false) },
      'GET /api/applicant/cv/my': { body: cvs },
    });
    await renderApply();
    expect(await screen.findByRole('alert')).toHaveTextContent('This position has already been applied');
  });
});
