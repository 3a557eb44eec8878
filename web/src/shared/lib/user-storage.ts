/**
 * Things kept in the browser for one user (the CV wizard's drafts) live under
 * `{area}:{username}:{item}`, so another account on the same browser does not see them and a
 * deleted account leaves nothing behind.
 */
export function userStorageKey(area: string, username: string, item: string): string {
  return `${area}:${username}:${item}`;
}

/** Removes everything kept for `username` (after the account is deleted). */
export function forgetUserStorage(storage: Storage, username: string): void {
  try {
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((key): key is string => key !== null);
    const own = `:${username}:`;
    for (const key of keys) {
      const area = key.indexOf(':');
      if (area > 0 && key.startsWith(own, area)) storage.removeItem(key);
    }
  } catch {
    // a blocked storage holds nothing to forget
  }
}
