import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ModeratorDialog, moderatorName, type ModeratorTarget } from './moderator-dialog';
import { NAMESPACE } from './locales/texts';

/**
 * The vacancy's moderator as the editor shows it: who it is (or that the supervisor and the
 * administrators handle it), and for those who may delegate, the way to change or remove it;
 * everyone else reads it.
 */
export function ModeratorPanel({ target, mayDelegate, onChanged }: { target: ModeratorTarget; mayDelegate: boolean; onChanged: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const [open, setOpen] = useState(false);
  const { moderator } = target;
  return (
    <Card withBorder padding="sm" radius="md" component="section" aria-label={t('sectionLabel')}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {moderator ? t('is', { name: moderatorName(moderator) }) : t('none')}
          </Text>
          {moderator && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {moderator.username}
            </Text>
          )}
          {!mayDelegate && (
            <Text size="sm" c="dimmed">
              {t('readOnly')}
            </Text>
          )}
        </Stack>
        {mayDelegate && (
          <Button size="xs" variant="light" onClick={() => setOpen(true)}>
            {moderator ? t('change') : t('title')}
          </Button>
        )}
      </Group>
      <ModeratorDialog target={open ? target : null} onClose={() => setOpen(false)} onChanged={onChanged} />
    </Card>
  );
}
