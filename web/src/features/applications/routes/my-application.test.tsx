import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { Component as MyApplication, loader } from './my-application';

const routes = [{ path: 'account/my-applications/:applicationId', element: <MyApplication /> }];

const application = {
  applicationId: 'a1',
  applicant: { firstname: 'Mari', lastname: 'Maasikas' },
  vacancy: { vacancyId: 'v1', occupation: { et: 'Kokk', en: 'Cook', ru: 'Повар' }, businessName: 'Põhja Köök OÜ', validUntil: '2026-12-01T10:00:00Z', open: true },
  cv: { cvId: 'cv-1', title: 'Kokk' },
  coverLetter: 'I cook.',
  answers: [{ question: 'Weekends?', answer: 'Yes' }],
  status: 'EXISTS',
  changeFlag: 'NONE',
  createdAt: '2026-11-02T10:00:00Z',
  withdrawnAt: null,
};

const chat = {
  chatId: 'chat-7',
  applicationId: 'a1',
  otherParty: 'Põhja Köök OÜ',
  occupation: 'Cook',
  createdAt: '2026-11-03T10:00:00Z',
  lastMessageAt: '2026-11-03T11:00:00Z',
  lastMessage: 'Could you come on Monday?',
  unread: 2,
  open: true,
  canWrite: true,
};

describe('one of my applications', () => {
  beforeAll(async () => {
    await loader();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the application from GET /api/user/applications/{id} and its chat with a way to it', async () => {
    const calls = fakeApi({
      'GET /api/user/applications/a1': { body: application },
      'GET /api/user/chats/application/a1': { body: chat },
    });
    await renderRoutes('/en/account/my-applications/a1', routes);

    expect(await screen.findByRole('heading', { name: 'Your application', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cook' })).toHaveAttribute('href', '/en/vacancies/v1');
    expect(screen.getByText('I cook.')).toBeInTheDocument();
    const chatCard = await screen.findByRole('region', { name: 'Chat with the employer' });
    expect(within(chatCard).getByText('Could you come on Monday?')).toBeInTheDocument();
    expect(within(chatCard).getByText('Unread: 2')).toBeInTheDocument();
    expect(within(chatCard).getByRole('link', { name: 'Open the chat' })).toHaveAttribute('href', '/en/account/messages?chat=chat-7');
    expect(calls.map((call) => new URL(call.url).pathname)).toEqual(['/api/user/applications/a1', '/api/user/chats/application/a1']);
  });

  it('says the employer has not written yet when the application has no chat (404)', async () => {
    fakeApi({ 'GET /api/user/applications/a1': { body: application } });
    await renderRoutes('/en/account/my-applications/a1', routes);
    const chatCard = await screen.findByRole('region', { name: 'Chat with the employer' });
    expect(within(chatCard).getByText(/has not written about this application yet/)).toBeInTheDocument();
    expect(within(chatCard).queryByRole('link')).toBeNull();
  });

  it('says an application that is not the reader’s is not found', async () => {
    fakeApi({});
    await renderRoutes('/en/account/my-applications/someone-elses', [{ path: 'account/my-applications/:applicationId', element: <MyApplication /> }]);
    expect(await screen.findByText('This application is not one of yours, or it no longer exists.')).toBeInTheDocument();
  });
});
