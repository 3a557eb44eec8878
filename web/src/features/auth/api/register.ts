import { api, unwrap } from '@/shared/api/client';

import { type SignInMethod, signInMethod } from './login';

export interface Consents {
  termsOfUse: boolean;
  dataProcessing: boolean;
  useOfCookies: boolean;
}

/** Creates the account (with the consents) and sends the first sign-in mail. */
export async function register(email: string, consents: Consents): Promise<SignInMethod> {
  const call = api.POST('/api/auth/register', { body: { email, ...consents } });
  await unwrap(call);
  return signInMethod((await call).response);
}
