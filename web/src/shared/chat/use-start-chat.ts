import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { api, unwrap } from '@/shared/api/client';
import { useLocalizedPath } from '@/shared/i18n/use-language';

/** Where the employer's side of a chat opens. */
export function employerChatPath(chatId: string): string {
  return `/employer/account/messages?chat=${encodeURIComponent(chatId)}`;
}

/**
 * Starts (or finds: one chat per company and applicant) the chat about an application, or about a
 * CV the company sees in the CV database (the server tells the two ids apart).
 */
export function startChat(applicationOrCvId: string): Promise<{ chatId: string; created: boolean }> {
  return unwrap(api.POST('/api/employer/chats/{id}', { params: { path: { id: applicationOrCvId } } }));
}

/**
 * For the candidate screen and the CV database: `start(id)` starts the chat about the application
 * or CV and opens it on the employer's messages page. Errors (a candidate no longer workable, no
 * CV-database access) come back through the mutation's `error`.
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
