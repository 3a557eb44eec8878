import { afterEach, describe, expect, it } from 'vitest';

import { chatToOpen, LAST_CHAT_KEY, readLastChat, rememberLastChat } from './last-chat';

describe('the last open chat', () => {
  afterEach(() => window.localStorage.clear());

  it('is kept in localStorage under lastChat', () => {
    expect(readLastChat()).toBeNull();
    rememberLastChat('chat-2');
    expect(window.localStorage.getItem(LAST_CHAT_KEY)).toBe('chat-2');
    expect(LAST_CHAT_KEY).toBe('lastChat');
    expect(readLastChat()).toBe('chat-2');
  });

  it('opens the URL chat first, then the remembered one still listed, then the newest on a desktop', () => {
    expect(chatToOpen('chat-9', 'chat-2', ['chat-1', 'chat-2'], true)).toBe('chat-9');
    expect(chatToOpen(null, 'chat-2', ['chat-1', 'chat-2'], false)).toBe('chat-2');
    expect(chatToOpen(null, 'gone', ['chat-1', 'chat-2'], true)).toBe('chat-1');
    expect(chatToOpen(null, 'gone', ['chat-1'], false)).toBeNull();
    expect(chatToOpen(null, null, [], true)).toBeNull();
  });
});
