import { api, unwrap } from '@/shared/api/client';

/**
 * What the sign-in mail carries, from the server's `X-Sign-In-Method` header: a code and a link, or
 * the link alone (too many wrong codes were tried for the account today, so codes cannot be typed).
 */
export type SignInMethod = 'code' | 'link';

export function signInMethod(response: Response): SignInMethod {
  return response.headers.get('x-sign-in-method') === 'link' ? 'link' : 'code';
}

/** Sends the sign-in mail to a known e-mail; `known: false` means the e-mail must register first. */
export async function login(email: string): Promise<{ known: boolean; method: SignInMethod }> {
  const call = api.POST('/api/auth/login', { body: { email } });
  const known = await unwrap(call);
  return { known, method: signInMethod((await call).response) };
}
