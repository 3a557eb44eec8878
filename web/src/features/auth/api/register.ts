import { api, unwrap } from '@/shared/api/client';

export interface Consents {
  termsOfUse: boolean;
  dataProcessing: boolean;
  useOfCookies: boolean;
}

/** Creates the account (with the consents) and sends the first code. */
export async function register(email: string, consents: Consents): Promise<void> {
  await unwrap(api.POST('/api/auth/register', { body: { email, ...consents } }));
}
