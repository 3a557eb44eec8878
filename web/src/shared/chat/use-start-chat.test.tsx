import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { useStartChat } from './use-start-chat';

function StartButton() {
  const { start } = useStartChat();
  return (
    <button type="button" onClick={() => start('application-1')}>
      Chat
    </button>
  );
}

describe('starting a chat from the candidate screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts the chat about the application and opens it on the employer messages page', async () => {
    const calls = fakeApi({ 'POST /api/employer/chats/application-1': { status: 201, body: { chatId: 'chat-7', created: true } } });
    const { router } = await renderRoutes('/et/employer/account/candidates', [
      { path: 'employer/account/candidates', element: <StartButton /> },
      { path: 'employer/account/messages', element: <p>messages</p> },
    ]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Chat' }));
    expect(await screen.findByText('messages')).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/et/employer/account/messages?chat=chat-7');
    expect(calls[0].method).toBe('POST');
  });
});
