import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { errorText } from '@/shared/api/error-text';
import { useStartChat } from '@/shared/chat/use-start-chat';

import { NAMESPACE } from '../locales/texts';

/** Starts (or finds) the chat with the CV's owner and opens it; a refusal shows beside it. */
export function MessageCvButton({ cvId }: { cvId: string }) {
  const { t } = useTranslation(NAMESPACE);
  const chat = useStartChat();
  return (
    <Stack gap={4} align="flex-end">
      <Button variant="default" size="xs" loading={chat.isPending} onClick={() => chat.start(cvId)}>
        {t('message')}
      </Button>
      {chat.isError && (
        <Text size="xs" c="red" role="alert">
          {errorText(chat.error)}
        </Text>
      )}
    </Stack>
  );
}
