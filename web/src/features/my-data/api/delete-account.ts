import { type QueryClient, useMutation } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import { forgetUserStorage } from '@/shared/lib/user-storage';
import { setMe } from '@/shared/session/me';

/** `DELETE /api/user/account`: the typed e-mail confirms it; the server ends every session. */
export async function deleteAccount(email: string): Promise<void> {
  await unwrap(api.DELETE('/api/user/account', { body: { email } }));
}

/** Errors show on the e-mail field; 401 and 403 still go to the global handler. */
export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount, meta: { handledLocally: true } });
}

/**
 * After the account is gone the client forgets the user: every cached answer of the session, the
 * current user, and what the browser kept for them (the CV wizard's drafts).
 */
export function forgetDeletedUser(client: QueryClient, username: string): void {
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== 'me' });
  setMe(client, null);
  forgetUserStorage(localStorage, username);
}
