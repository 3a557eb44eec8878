import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { api, unwrap } from '@/shared/api/client';
import { useLocalizedPath } from '@/shared/i18n/use-language';

/** Where the employer's side of a chat opens. */
export function employerChatPath(chatId: string): string {
  return `/employer/account/messages?chat=${encodeURIComponent(chatId)}`;
}

/** Starts (or finds: one chat per company and applicant) the chat about an application. */
export function startChat(applicationId: string): Promise<{ chatId: string; created: boolean }> {
  return unwrap(api.POST('/api/employer/chats/{id}', { params: { path: { id: applicationId } } }));
}

/**
 * For the candidate screen: `start(applicationId)` starts the chat about the application and
 * opens it on the employer's messages page. Errors (a candidate no longer workable) come back
 * through the mutation's `error`.
 */
export function useStartChat() {
  const navigate = useNavigate();
  const to = useLocalizedPath();
  const mutation = useMutation({
    mutationFn: startChat,
    meta: { handledLocally: true },
    onSuccess: ({ chatId }) => navigate(to(employerChatPath(chatId))),
  });
  return { start: mutation.mutate, ...mutation };
}
