import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { Me } from '@/shared/api/types';
import { meQueryKey, setMe } from '@/shared/session/me';

/** The worker makes the thumbnail shortly after an upload; until then the picture itself shows. */
export const THUMBNAIL_WAIT_MS = 3_000;

/** Sends the picture's bytes as they are; the server decides by their content whether it is a PNG or JPG. */
export function uploadAvatar(file: File): Promise<Me> {
  return unwrap(
    api.POST('/api/user/upload/avatar', {
      params: { query: { name: file.name } },
      body: file as unknown as string,
      bodySerializer: (body: unknown) => body as BodyInit,
      headers: { 'Content-Type': file.type || 'application/octet-stream' },
    }),
  );
}

export function deleteAvatar(): Promise<Me> {
  return unwrap(api.DELETE('/api/user/upload/avatar'));
}

/** The answer is the new current user; every avatar (header, menu, profile) follows it. */
function useAvatarMutation<Variables>(mutationFn: (variables: Variables) => Promise<Me>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { handledLocally: true },
    onSuccess: (me) => {
      setMe(client, me);
      void client.invalidateQueries({ queryKey: meQueryKey });
      // once more when the thumbnail is there, so the small picture replaces the large one
      window.setTimeout(() => void client.invalidateQueries({ queryKey: meQueryKey }), THUMBNAIL_WAIT_MS);
    },
  });
}

export const useUploadAvatar = () => useAvatarMutation<File>(uploadAvatar);
export const useDeleteAvatar = () => useAvatarMutation<void>(deleteAvatar);
