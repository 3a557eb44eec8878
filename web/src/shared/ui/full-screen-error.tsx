import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { currentLanguage } from '@/shared/i18n/languages';

/** The page shell's error screen: a message and the way back to the main page. */
export function FullScreenError({ message }: { message?: string }) {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Title order={1}>{t('errorPage.title')}</Title>
        <Text c="dimmed">{message || t('errorPage.text')}</Text>
        <Button component="a" href={`/${currentLanguage()}/`}>
          {t('common.toMain')}
        </Button>
      </Stack>
    </Center>
  );
}
