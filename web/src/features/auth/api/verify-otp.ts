import { api, unwrap } from '@/shared/api/client';
import type { Me } from '@/shared/api/types';

export function verifyOtp(email: string, code: string, rememberMe: boolean): Promise<Me> {
  return unwrap(
    api.POST('/api/auth/verify-otp', { params: { query: { 'remember-me': rememberMe } }, body: { email, code: code.trim() } }),
  );
}
