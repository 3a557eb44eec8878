import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { Me } from '@/shared/api/types';
import { useLanguage } from '@/shared/i18n/use-language';
import { hardNavigate } from '@/shared/lib/hard-navigate';
import { useBeOriginal } from '@/shared/session/be-original';
import { IMPERSONATION_RETURN_KEY } from '@/shared/session/me';

/** While an administrator acts as someone: who, and the way back. */
export default function ImpersonationNotice({ me }: { me: Me }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const back = useBeOriginal();
  if (!me.originalUser) return null;

  // the page reloads as the original user: the stored return path, else the home page (the page
  // in view may belong to the other user's role)
  function returnToSelf() {
    back.mutate(undefined, {
      onSuccess: () => {
        const path = sessionStorage.getItem(IMPERSONATION_RETURN_KEY);
        sessionStorage.removeItem(IMPERSONATION_RETURN_KEY);
        hardNavigate(path ?? `/${language}/`);
      },
    });
  }

  return (
    <Alert color="orange" radius={0} py="xs" role="status">
      <Group justify="space-between" gap="xs">
        <Text size="sm">{t('impersonation.notice', { username: me.username, original: me.originalUser.username })}</Text>
        <Button size="xs" color="orange" onClick={returnToSelf} loading={back.isPending}>
          {t('impersonation.back')}
        </Button>
      </Group>
    </Alert>
  );
}
