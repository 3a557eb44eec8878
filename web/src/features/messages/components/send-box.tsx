import { Alert, Button, CloseButton, FileButton, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '@/shared/api/error-text';
import { ApiError } from '@/shared/api/errors';
import { TextArea } from '@/shared/ui/text-area';

import { useSendMessage } from '../api/send-message';
import type { UploadedFile } from '../api/types';
import { useUploadAttachment } from '../api/upload-attachment';

/** The server's rule (`domain::chats::MAX_TEXT`). */
export const MESSAGE_LIMIT = 5000;
/** What the server takes as an attachment: PDF, pictures, Word, PowerPoint and ODT. */
const ACCEPTED = 'application/pdf,image/png,image/jpeg,.doc,.docx,.ppt,.pptx,.odt';

/** Writing a message, with an optional attachment uploaded first. */
export function SendBox({ chatId }: { chatId: string }) {
  const { t } = useTranslation('messages');
  const send = useSendMessage();
  const upload = useUploadAttachment();
  const [attachment, setAttachment] = useState<UploadedFile | null>(null);
  const form = useForm({
    initialValues: { text: '' },
    validate: {
      text: (value) => {
        if (!value.trim()) return t('send.required');
        if (value.trim().length > MESSAGE_LIMIT) return t('send.tooLong', { max: MESSAGE_LIMIT });
        return null;
      },
    },
  });

  function submit(values: { text: string }) {
    send.mutate(
      { chatId, text: values.text, attachmentFileId: attachment?.fileId },
      {
        onSuccess: () => {
          form.reset();
          setAttachment(null);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.field === 'text') form.setFieldError('text', errorText(error));
        },
      },
    );
  }

  const sendError = send.error instanceof ApiError && send.error.field === 'text' ? null : send.error;
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="xs">
        <TextArea
          withAsterisk
          label={t('send.label')}
          placeholder={t('send.placeholder')}
          minRows={2}
          maxRows={8}
          maxLength={MESSAGE_LIMIT}
          {...form.getInputProps('text')}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              form.onSubmit(submit)();
            }
          }}
        />
        {attachment && (
          <Group gap="xs">
            <IconPaperclip size={14} aria-hidden />
            <Text size="sm">{attachment.name}</Text>
            <CloseButton size="sm" aria-label={t('send.removeAttachment')} onClick={() => setAttachment(null)} />
          </Group>
        )}
        {(sendError || upload.error) && (
          <Alert color="red" role="alert">
            {errorText(sendError ?? upload.error)}
          </Alert>
        )}
        <Group justify="space-between">
          <FileButton accept={ACCEPTED} onChange={(file) => file && upload.mutate(file, { onSuccess: setAttachment })}>
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconPaperclip size={16} />} loading={upload.isPending}>
                {t('send.attach')}
              </Button>
            )}
          </FileButton>
          <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending}>
            {t('send.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
