import { api, unwrap } from '@/shared/api/client';
import type { Me } from '@/shared/api/types';

export function registerApplicant(): Promise<Me> {
  return unwrap(api.POST('/api/user/register-applicant'));
}
