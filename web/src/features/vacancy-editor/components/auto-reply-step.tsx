import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { TextArea } from '@/shared/ui/text-area';

import type { StepProps } from './step-props';

export const AUTO_REPLY_LIMIT = 4000;

/** Step 5: the message every applicant receives at once after applying (none when empty). */
export function AutoReplyStep({ form }: StepProps) {
  const { t } = useTranslation('vacancyEditor');
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('autoReply.hint')}
      </Text>
      <TextArea
        label={t('fields.autoReply')}
        minRows={6}
        maxLength={AUTO_REPLY_LIMIT}
        description={t('fields.characters', { count: form.values.autoReplyText.length, max: AUTO_REPLY_LIMIT })}
        {...form.getInputProps('autoReplyText')}
      />
    </Stack>
  );
}
