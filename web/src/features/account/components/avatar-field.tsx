import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '@/shared/api/error-text';
import type { Me } from '@/shared/api/types';
import { avatarInitials } from '@/shared/lib/initials';
import { notifySuccess } from '@/shared/ui/notify';

import { useDeleteAvatar, useUploadAvatar } from '../api/avatar';

/** The server's limits (domain::files::avatars): 5 MiB; the pixel limit is the server's to tell. */
export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
const PICTURE_TYPES = ['image/png', 'image/jpeg'];

/** What the browser can tell before sending: the size, and a type that is not a PNG or JPG. */
export function avatarProblem(file: Pick<File, 'size' | 'type'>): 'tooLarge' | 'wrongType' | null {
  if (file.size > MAX_AVATAR_BYTES) return 'tooLarge';
  if (file.type && !PICTURE_TYPES.includes(file.type)) return 'wrongType';
  return null;
}

/** The profile picture: its thumbnail, upload (PNG or JPG) and remove. */
export function AvatarField({ me }: { me: Me }) {
  const { t } = useTranslation('account');
  const upload = useUploadAvatar();
  const remove = useDeleteAvatar();
  const [error, setError] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);
  const thumbnail = me.profile.avatar?.thumbnailUrl ?? null;
  const busy = upload.isPending || remove.isPending;

  function choose(file: File | null) {
    resetRef.current?.();
    if (!file) return;
    const problem = avatarProblem(file);
    if (problem) {
      setError(t(`avatar.${problem}`));
      return;
    }
    setError(null);
    upload.mutate(file, { onSuccess: () => notifySuccess(t('avatar.uploaded')), onError: (failure) => setError(errorText(failure)) });
  }

  function clear() {
    setError(null);
    remove.mutate(undefined, { onSuccess: () => notifySuccess(t('avatar.removed')), onError: (failure) => setError(errorText(failure)) });
  }

  return (
    <Group gap="lg" align="center" wrap="nowrap">
      <Avatar src={thumbnail ?? undefined} size={96} radius="50%" color="blue" alt={thumbnail ? t('avatar.alt') : undefined}>
        {avatarInitials(me)}
      </Avatar>
      <Stack gap={6} style={{ minWidth: 0 }}>
        <Text fw={500}>{t('avatar.title')}</Text>
        <Text size="xs" c="dimmed">
          {t('avatar.hint')}
        </Text>
        <Group gap="xs">
          <FileButton resetRef={resetRef} onChange={choose} accept="image/png,image/jpeg">
            {(props) => (
              <Button {...props} size="xs" variant="light" loading={upload.isPending} disabled={busy}>
                {thumbnail ? t('avatar.replace') : t('avatar.upload')}
              </Button>
            )}
          </FileButton>
          {thumbnail && (
            <Button size="xs" variant="subtle" color="red" onClick={clear} loading={remove.isPending} disabled={busy}>
              {t('avatar.remove')}
            </Button>
          )}
        </Group>
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
