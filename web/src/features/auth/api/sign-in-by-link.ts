import { api, unwrap } from '@/shared/api/client';
import type { Me } from '@/shared/api/types';

/** Signs in with the token of a sign-in mail's link; works only in the browser that asked for the mail. */
export function signInByLink(token: string, rememberMe: boolean): Promise<Me> {
  return unwrap(api.POST('/api/auth/link', { params: { query: { 'remember-me': rememberMe } }, body: { token } }));
}
