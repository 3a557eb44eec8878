/**
 * The signed-in user's live stream (`GET /api/user/stream`, docs/chat.md): one EventSource per
 * tab, shared by whoever needs it. The app layout holds it for a signed-in user (keyed by the
 * session's side, so acting for another company opens a new one: the server fixes the side when
 * the stream opens); pages subscribe to its events rather than opening their own.
 */

import type { components } from '@/shared/api/schema';

export const STREAM_PATH = '/api/user/stream';

/** What `GET /api/user/stream` sends as `event: chat`. */
export type ChatEvent = components['schemas']['ChatEvent'];

/**
 * An event handed to subscribers: a chat event, or `resync` when the server says the stream fell
 * behind, or when it came back after being down (events may have been missed): reload everything.
 */
export type LiveEvent = { type: 'chat'; chat: ChatEvent | null } | { type: 'resync' };

type Listener = (event: LiveEvent) => void;

/** `EventSource.CLOSED`: the browser will not reconnect. */
const CLOSED = 2;

/** How long to wait before opening again a stream the browser gave up on (a non-200 answer). */
export const REOPEN_AFTER_MS = 30_000;

function parseChat(data: unknown): ChatEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as Partial<ChatEvent>;
    return (value.kind === 'message' || value.kind === 'read') && typeof value.chatId === 'string' ? { kind: value.kind, chatId: value.chatId } : null;
  } catch {
    return null;
  }
}

export class LiveStream {
  private source: EventSource | null = null;
  private holders = new Map<symbol, string | undefined>();
  private side: string | undefined;
  private listeners = new Set<Listener>();
  private statusListeners = new Set<() => void>();
  private connected = false;
  private everConnected = false;
  private reopenTimer: number | undefined;

  /**
   * Keeps the stream open until the returned release is called. A `side` different from the
   * open stream's reopens it (the layout passes the session's user and company); holders
   * without one take the stream as it is (and a stream they opened takes the first side given:
   * children's effects run before the layout's).
   */
  hold(side?: string): () => void {
    const token = Symbol('holder');
    this.holders.set(token, side);
    if (side !== undefined && side !== this.side) {
      // a stream opened by a holder without a side is the session's current one: keep it
      if (this.side !== undefined) this.close();
      this.side = side;
    }
    this.open();
    return () => {
      if (!this.holders.delete(token)) return;
      if (this.holders.size === 0) {
        this.side = undefined;
        this.close();
      }
    };
  }

  /** Calls `listener` for every event until the returned function is called. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Whether the stream is connected (for `useSyncExternalStore`). */
  isConnected = (): boolean => this.connected;

  subscribeStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => void this.statusListeners.delete(listener);
  };

  private open(): void {
    if (this.source || typeof EventSource === 'undefined') return;
    window.clearTimeout(this.reopenTimer);
    this.reopenTimer = undefined;
    const source = new EventSource(STREAM_PATH, { withCredentials: true });
    this.source = source;
    source.addEventListener('ready', () => {
      // back after a break: what happened meanwhile was not delivered
      if (this.everConnected && !this.connected) this.emit({ type: 'resync' });
      this.everConnected = true;
      this.setConnected(true);
    });
    source.addEventListener('chat', (event) => this.emit({ type: 'chat', chat: parseChat((event as MessageEvent | undefined)?.data) }));
    source.addEventListener('resync', () => this.emit({ type: 'resync' }));
    source.onerror = () => {
      this.setConnected(false);
      // the browser reconnects by itself unless the server refused the stream (401, 5xx)
      if (source.readyState !== CLOSED || this.source !== source) return;
      this.source = null;
      source.close();
      this.reopenTimer = window.setTimeout(() => {
        this.reopenTimer = undefined;
        if (this.holders.size > 0) this.open();
      }, REOPEN_AFTER_MS);
    };
  }

  private close(): void {
    window.clearTimeout(this.reopenTimer);
    this.reopenTimer = undefined;
    this.source?.close();
    this.source = null;
    this.everConnected = false;
    this.setConnected(false);
  }

  private emit(event: LiveEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }

  private setConnected(connected: boolean): void {
    if (this.connected === connected) return;
    this.connected = connected;
    for (const listener of [...this.statusListeners]) listener();
  }
}

/** The tab's one stream. */
export const liveStream = new LiveStream();
