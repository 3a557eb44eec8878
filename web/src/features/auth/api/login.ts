import { api, unwrap } from '@/shared/api/client';

/** Sends a code to a known e-mail; `false` means the e-mail is unknown and must register first. */
export function login(email: string): Promise<boolean> {
  return unwrap(api.POST('/api/auth/login', { body: { email } }));
}
