import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import type { ChatSummary, Conversation } from '../api/types';
import { Component as Messages, loader } from './messages';

Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => {}, removeEventListener: () => {} } });

const routes = [
  { path: 'account/messages', element: <Messages /> },
  { path: 'employer/account/messages', element: <Messages /> },
];

const chat: ChatSummary = {
  chatId: 'chat-1',
  applicationId: 'application-1',
  otherParty: 'Põhja Köök OÜ',
  occupation: 'Cook',
  createdAt: '2030-03-01T08:00:00Z',
  lastMessageAt: '2030-03-01T09:00:00Z',
  lastMessage: 'Tere!',
  unread: 2,
  open: true,
  canWrite: true,
};
const other: ChatSummary = { ...chat, chatId: 'chat-2', otherParty: 'Muu OÜ', occupation: 'Cleaner', unread: 0, lastMessage: 'Aitäh' };

function conversation(summary: ChatSummary, texts: string[] = ['Vaata https://kokk.ee/proov <b>kohe</b>']): Conversation {
  return {
    chat: summary,
    messages: texts.map((text, index) => ({ messageId: `m-${index}`, text, createdAt: '2030-03-01T09:00:00Z', mine: false, readAt: null, attachment: null })),
  };
}

/** A stand-in for the browser's EventSource that a test fires events on. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  listeners = new Map<string, (() => void)[]>();
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(name: string, listener: () => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  fire(name: string) {
    for (const listener of this.listeners.get(name) ?? []) listener();
  }
  close() {
    this.closed = true;
  }
}

describe('messages', () => {
  beforeAll(async () => {
    await loader();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('opens the remembered chat with its links clickable and its text never read as HTML', async () => {
    window.localStorage.setItem('lastChat', 'chat-2');
    vi.stubGlobal('EventSource', FakeEventSource);
    fakeApi({
      'GET /api/user/chats': { body: { content: [chat, other], totalElements: 2, totalPages: 1, page: 0, size: 50 } },
      'GET /api/user/chats/chat-2/messages': { body: conversation(other) },
    });
    await renderRoutes('/en/account/messages', routes);

    expect(await screen.findByRole('heading', { name: 'Muu OÜ' })).toBeInTheDocument();
    const log = screen.getByRole('log', { name: 'Messages of the chat' });
    expect(within(log).getByRole('link', { name: 'https://kokk.ee/proov' })).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(within(log).getByText(/<b>kohe<\/b>/)).toBeInTheDocument();
    // on a phone the open chat takes the screen, with the way back to the list
    await userEvent.setup().click(screen.getByRole('button', { name: 'All chats' }));
    expect(await screen.findByRole('button', { name: /Põhja Köök OÜ/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Unread messages: 2')).toBeInTheDocument();
    expect(window.localStorage.getItem('lastChat')).toBeNull();
  });

  it('sorts the chats as chosen, keeping the choice in the URL while a chat opens', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const calls = fakeApi({
      'GET /api/user/chats': { body: { content: [chat, other], totalElements: 2, totalPages: 1, page: 0, size: 50 } },
      'GET /api/user/chats/chat-2/messages': { body: conversation(other) },
    });
    const { router } = await renderRoutes('/en/account/messages', routes);
    const user = userEvent.setup();
    await screen.findByRole('button', { name: /Muu OÜ/ });
    expect(new URL(calls[0]!.url).searchParams.toString()).toBe('sort=lastMessage&order=desc&page=0');

    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Name, ascending' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=otherParty'));
    await waitFor(() => expect(new URL(calls.at(-1)!.url).searchParams.toString()).toBe('sort=otherParty&order=asc&page=0'));
    await user.click(await screen.findByRole('button', { name: /Muu OÜ/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=otherParty&chat=chat-2'));
  });

  it('pages the chats by 50 with the pager under the list, the page in the URL beside the sorting', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const pageOf = (request: Request) => new URL(request.url).searchParams.get('page');
    const calls = fakeApi({
      'GET /api/user/chats': (request) =>
        pageOf(request) === '1'
          ? { body: { content: [other], totalElements: 51, totalPages: 2, page: 1, size: 50 } }
          : { body: { content: [chat], totalElements: 51, totalPages: 2, page: 0, size: 50 } },
      'GET /api/user/chats/chat-2/messages': { body: conversation(other) },
    });
    const { router } = await renderRoutes('/en/employer/account/messages?sort=otherParty', routes);
    const user = userEvent.setup();
    await screen.findByRole('button', { name: /Põhja Köök OÜ/ });
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(pager).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('button', { name: /Muu OÜ/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?sort=otherParty&page=1');
    expect(new URL(calls.filter((call) => call.url.includes('/api/user/chats?')).at(-1)!.url).searchParams.toString()).toBe('sort=otherParty&order=asc&page=1');
    expect(screen.queryByRole('button', { name: /Põhja Köök OÜ/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: /Muu OÜ/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=otherParty&page=1&chat=chat-2'));
  });

  it('moves from a page beyond the last to the last one', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const calls = fakeApi({
      'GET /api/user/chats': (request) =>
        new URL(request.url).searchParams.get('page') === '1'
          ? { body: { content: [other], totalElements: 51, totalPages: 2, page: 1, size: 50 } }
          : { body: { content: [], totalElements: 51, totalPages: 2, page: 4, size: 50 } },
    });
    const { router } = await renderRoutes('/en/account/messages?page=4', routes);
    expect(await screen.findByRole('button', { name: /Muu OÜ/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=1');
    expect(calls.filter((call) => call.url.includes('/api/user/chats?')).map((call) => new URL(call.url).searchParams.get('page'))).toEqual(['4', '1']);
    expect(screen.queryByText('No messages yet')).toBeNull();
  });

  it('remembers the chat chosen from the list and sends a message, checking it first as the server does', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const calls = fakeApi({
      'GET /api/user/chats': { body: { content: [chat, other], totalElements: 2, totalPages: 1, page: 0, size: 50 } },
      'GET /api/user/chats/chat-1/messages': { body: conversation(chat) },
      'GET /api/user/chats/chat-2/messages': { body: conversation(other) },
      'POST /api/user/chats/chat-2': { status: 201, body: conversation(other).messages[0] },
    });
    const { router } = await renderRoutes('/en/account/messages', routes);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Muu OÜ/ }));
    expect(await screen.findByRole('heading', { name: 'Muu OÜ' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?chat=chat-2');
    expect(window.localStorage.getItem('lastChat')).toBe('chat-2');

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Write a message')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), '  Sobib!  ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(await post.json()).toEqual({ text: 'Sobib!', attachmentFileId: null });
  });

  it('explains a read-only chat and a chat the employer has not written in, without a send box', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const closed = { ...chat, open: false, canWrite: false };
    fakeApi({
      'GET /api/user/chats': { body: { content: [closed], totalElements: 1, totalPages: 1, page: 0, size: 50 } },
      'GET /api/user/chats/chat-1/messages': { body: conversation(closed) },
    });
    await renderRoutes('/en/account/messages?chat=chat-1', routes);
    expect(await screen.findByText('This chat is read-only')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
  });

  it('reloads the open chat when the live stream tells of a message', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    let texts = ['Tere!'];
    fakeApi({
      'GET /api/user/chats': { body: { content: [chat], totalElements: 1, totalPages: 1, page: 0, size: 50 } },
      'GET /api/user/chats/chat-1/messages': () => ({ body: conversation(chat, texts) }),
      'GET /api/user/menu-notifications': { body: { applications: 0, interviews: 0, messages: 0, invoices: 0 } },
    });
    await renderRoutes('/en/account/messages?chat=chat-1', routes);
    await screen.findByText('Tere!');
    const source = FakeEventSource.last!;
    expect(source.url).toBe('/api/user/stream');
    texts = ['Tere!', 'Uus sõnum'];
    act(() => {
      source.fire('ready');
      source.fire('chat');
    });
    expect(await screen.findByText('Uus sõnum')).toBeInTheDocument();
  });

  it('says so when there are no chats yet', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    fakeApi({ 'GET /api/user/chats': { body: { content: [], totalElements: 0, totalPages: 0, page: 0, size: 50 } } });
    await renderRoutes('/en/account/messages', routes);
    expect(await screen.findByRole('heading', { name: 'No messages yet' })).toBeInTheDocument();
    expect(screen.getByText(/once an employer writes to you/)).toBeInTheDocument();
  });

  it("speaks to employers on the employer's empty messages page", async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    fakeApi({ 'GET /api/user/chats': { body: { content: [], totalElements: 0, totalPages: 0, page: 0, size: 50 } } });
    await renderRoutes('/en/employer/account/messages', routes);
    expect(await screen.findByRole('heading', { name: 'No messages yet' })).toBeInTheDocument();
    expect(screen.getByText(/once you write to a candidate/)).toBeInTheDocument();
    expect(screen.queryByText(/employer writes to you/)).not.toBeInTheDocument();
  });
});
