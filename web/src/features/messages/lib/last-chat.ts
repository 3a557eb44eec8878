/** Spec 1 section 9: the browser keeps the last open chat under this key. */
export const LAST_CHAT_KEY = 'lastChat';

export function readLastChat(): string | null {
  try {
    return window.localStorage.getItem(LAST_CHAT_KEY);
  } catch {
    return null;
  }
}

export function rememberLastChat(chatId: string): void {
  try {
    window.localStorage.setItem(LAST_CHAT_KEY, chatId);
  } catch {
    // storage may be off (private mode); the chat of the URL still opens
  }
}

/**
 * The chat to show: the one the URL names, else the remembered one while it is still in the
 * list, else none (on a phone the list comes first; on a desktop the newest chat).
 */
export function chatToOpen(fromUrl: string | null, remembered: string | null, listed: string[], desktop: boolean): string | null {
  if (fromUrl) return fromUrl;
  if (remembered && listed.includes(remembered)) return remembered;
  return desktop ? (listed[0] ?? null) : null;
}
