import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import type { Me } from '@/shared/api/types';
import { useBeOriginal } from '@/shared/session/be-original';
import { IMPERSONATION_RETURN_KEY } from '@/shared/session/me';

/** While an administrator acts as someone: who, and the way back. */
export default function ImpersonationNotice({ me }: { me: Me }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = useBeOriginal();
  if (!me.originalUser) return null;

  function returnToSelf() {
    back.mutate(undefined, {
      onSuccess: () => {
        const path = sessionStorage.getItem(IMPERSONATION_RETURN_KEY);
        if (path) {
          sessionStorage.removeItem(IMPERSONATION_RETURN_KEY);
          navigate(path);
        }
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
