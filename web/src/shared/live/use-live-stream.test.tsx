import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '@/app/query-client';
import { useChatStream } from '@/shared/chat/use-chat-stream';
import { useBadgeCounts } from '@/shared/session/badge-counts';
import { fakeApi } from '@/test/render';

import { type LiveEvent, LiveStream, REOPEN_AFTER_MS, STREAM_PATH } from './live-stream';
import { streamSide, useLiveStream } from './use-live-stream';

/** A stand-in for the browser's EventSource that a test fires events on. */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  static get open() {
    return FakeEventSource.all.filter((source) => !source.closed);
  }
  listeners = new Map<string, ((event: { data?: string }) => void)[]>();
  onerror: (() => void) | null = null;
  readyState = 0;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(name: string, listener: (event: { data?: string }) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  fire(name: string, data?: unknown) {
    if (name === 'ready') this.readyState = 1;
    for (const listener of this.listeners.get(name) ?? []) listener({ data: data === undefined ? undefined : JSON.stringify(data) });
  }
  fail(closed = false) {
    this.readyState = closed ? 2 : 0;
    this.onerror?.();
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
}

const me = { username: 'mari@example.ee', company: null };
const employer = { username: 'mari@example.ee', company: { countryCode: 'EE', registryCode: '10000001' } };

function Layout({ side, withMessagesPage = false }: { side: string | null; withMessagesPage?: boolean }) {
  const messages = useBadgeCounts(side !== null).data?.messages;
  const live = useLiveStream(side);
  return (
    <>
      <p>messages badge: {messages ?? '-'}</p>
      <p>{live ? 'live' : 'not live'}</p>
      {withMessagesPage && <MessagesPage />}
    </>
  );
}

function MessagesPage() {
  const live = useChatStream(['chats']);
  return <p>page {live ? 'live' : 'not live'}</p>;
}

function renderLayout(props: { side: string | null; withMessagesPage?: boolean }) {
  const client = createQueryClient();
  const view = render(
    <QueryClientProvider client={client}>
      <Layout {...props} />
    </QueryClientProvider>,
  );
  return {
    ...view,
    client,
    rerenderWith: (next: { side: string | null; withMessagesPage?: boolean }) =>
      view.rerender(
        <QueryClientProvider client={client}>
          <Layout {...next} />
        </QueryClientProvider>,
      ),
  };
}

describe('the live stream of the app layout', () => {
  beforeEach(() => {
    FakeEventSource.all = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('raises the MESSAGES badge on a message event without waiting for the poll', async () => {
    let unread = 0;
    const calls = fakeApi({ 'GET /api/user/menu-notifications': () => ({ body: { applications: 0, interviews: 0, messages: unread, invoices: 0 } }) });
    renderLayout({ side: streamSide(me) });
    expect(await screen.findByText('messages badge: 0')).toBeInTheDocument();
    expect(FakeEventSource.open.map((source) => source.url)).toEqual([STREAM_PATH]);

    act(() => FakeEventSource.open[0].fire('ready'));
    expect(await screen.findByText('live')).toBeInTheDocument();
    unread = 1;
    act(() => FakeEventSource.open[0].fire('chat', { kind: 'message', chatId: 'chat-1' }));
    expect(await screen.findByText('messages badge: 1')).toBeInTheDocument();
    expect(calls.filter((call) => call.url.endsWith('/api/user/menu-notifications'))).toHaveLength(2);
  });

  it('opens no stream for a visitor, and closes it on signing out', async () => {
    fakeApi({ 'GET /api/user/menu-notifications': { body: { applications: 0, interviews: 0, messages: 0, invoices: 0 } } });
    const view = renderLayout({ side: null });
    expect(FakeEventSource.all).toHaveLength(0);

    view.rerenderWith({ side: streamSide(me) });
    expect(FakeEventSource.open).toHaveLength(1);
    const source = FakeEventSource.open[0];
    act(() => source.fire('ready'));
    expect(await screen.findByText('live')).toBeInTheDocument();

    view.rerenderWith({ side: null });
    expect(source.closed).toBe(true);
    expect(FakeEventSource.open).toHaveLength(0);
    expect(await screen.findByText('not live')).toBeInTheDocument();
  });

  it('opens a new stream when the user starts acting for a company, as the server fixes the side at opening', () => {
    fakeApi({ 'GET /api/user/menu-notifications': { body: { applications: 0, interviews: 0, messages: 0, invoices: 0 } } });
    const view = renderLayout({ side: streamSide(me) });
    const first = FakeEventSource.open[0];
    view.rerenderWith({ side: streamSide(me) });
    expect(FakeEventSource.all).toHaveLength(1);

    view.rerenderWith({ side: streamSide(employer) });
    expect(first.closed).toBe(true);
    expect(FakeEventSource.all).toHaveLength(2);
    expect(FakeEventSource.open).toHaveLength(1);
  });

  it('lets the messages page reuse the one stream, reload its chats on an event and keep it open until sign-out', async () => {
    fakeApi({ 'GET /api/user/menu-notifications': { body: { applications: 0, interviews: 0, messages: 0, invoices: 0 } } });
    const view = renderLayout({ side: streamSide(me), withMessagesPage: true });
    expect(FakeEventSource.all).toHaveLength(1);
    const source = FakeEventSource.all[0];
    act(() => source.fire('ready'));
    expect(await screen.findByText('page live')).toBeInTheDocument();

    const invalidate = vi.spyOn(view.client, 'invalidateQueries');
    act(() => source.fire('chat', { kind: 'message', chatId: 'chat-1' }));
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual(expect.arrayContaining([['chats'], ['menu-notifications']]));

    // leaving the messages page leaves the layout's stream open
    view.rerenderWith({ side: streamSide(me), withMessagesPage: false });
    expect(source.closed).toBe(false);
    view.rerenderWith({ side: null });
    expect(source.closed).toBe(true);
    expect(FakeEventSource.all).toHaveLength(1);
  });
});

describe('the tab’s live stream', () => {
  beforeEach(() => {
    FakeEventSource.all = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('hands chat events to subscribers and asks for a reload when it comes back after a break', () => {
    const stream = new LiveStream();
    const events: LiveEvent[] = [];
    stream.subscribe((event) => events.push(event));
    const release = stream.hold('me');
    const source = FakeEventSource.all[0];
    source.fire('ready');
    source.fire('chat', { kind: 'read', chatId: 'chat-2' });
    source.fail();
    expect(stream.isConnected()).toBe(false);
    source.fire('ready');
    source.fire('resync');
    expect(events).toEqual([{ type: 'chat', chat: { kind: 'read', chatId: 'chat-2' } }, { type: 'resync' }, { type: 'resync' }]);
    expect(stream.isConnected()).toBe(true);
    release();
    expect(source.closed).toBe(true);
  });

  it('opens the stream again 30 s after the server refused it, while someone still holds it', () => {
    vi.useFakeTimers();
    const stream = new LiveStream();
    const release = stream.hold('me');
    FakeEventSource.all[0].fail(true);
    vi.advanceTimersByTime(REOPEN_AFTER_MS - 1);
    expect(FakeEventSource.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.all).toHaveLength(2);

    FakeEventSource.all[1].fail(true);
    release();
    vi.advanceTimersByTime(REOPEN_AFTER_MS);
    expect(FakeEventSource.all).toHaveLength(2);
  });
});
