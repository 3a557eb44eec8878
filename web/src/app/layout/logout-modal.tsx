import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { useLocalizedPath } from '@/shared/i18n/use-language';

/** Confirms logging out; confirming closes the dialog and goes to /logout. */
export function LogoutModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const to = useLocalizedPath();
  return (
    <Modal opened={opened} onClose={onClose} title={t('logout.title')} centered>
      <Text mb="lg">{t('logout.text')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button
          color="red"
          onClick={() => {
            onClose();
            navigate(to('/logout'));
          }}
        >
          {t('logout.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
