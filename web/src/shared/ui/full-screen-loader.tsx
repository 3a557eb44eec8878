import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function FullScreenLoader() {
  const { t } = useTranslation();
  return (
    <Center pos="fixed" inset={0} style={{ zIndex: 300, background: 'rgba(255,255,255,0.7)' }} role="status" aria-label={t('common.loading')}>
      <Loader size="lg" />
    </Center>
  );
}
