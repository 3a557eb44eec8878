import { api, unwrap } from '@/shared/api/client';

export async function logout(): Promise<void> {
  await unwrap(api.GET('/api/auth/logout'));
}
