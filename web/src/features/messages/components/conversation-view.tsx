import { Alert, Anchor, Box, Center, Group, Loader, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconPaperclip } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '@/shared/api/error-text';
import { useLanguage } from '@/shared/i18n/use-language';

import { useConversation } from '../api/get-conversation';
import type { ChatMessage } from '../api/types';
import { messageTime } from '../lib/format';
import { MessageText } from './message-text';
import { SendBox } from './send-box';

function Message({ message }: { message: ChatMessage }) {
  const { t } = useTranslation('messages');
  const language = useLanguage();
  return (
    <Group justify={message.mine ? 'flex-end' : 'flex-start'}>
      <Paper
        component="article"
        aria-label={message.mine ? t('conversation.mine') : t('conversation.theirs')}
        withBorder
        radius="md"
        p="sm"
        maw="85%"
        bg={message.mine ? 'var(--mantine-primary-color-light)' : undefined}
      >
        <Stack gap={4}>
          <MessageText text={message.text} />
          {message.attachment && (
            <Anchor href={message.attachment.url} target="_blank" rel="noopener noreferrer" size="sm">
              <Group gap={4} wrap="nowrap">
                <IconPaperclip size={14} aria-hidden />
                {message.attachment.name}
              </Group>
            </Anchor>
          )}
          <Text size="xs" c="dimmed" ta={message.mine ? 'right' : 'left'}>
            {messageTime(message.createdAt, language)}
          </Text>
        </Stack>
      </Paper>
    </Group>
  );
}

/** One chat: its messages, why it may be read-only, and the send box. */
export function ConversationView({ chatId, poll, onRead }: { chatId: string; poll: number | false; onRead: () => void }) {
  const { t } = useTranslation('messages');
  const conversation = useConversation(chatId);
  const { refetch } = conversation;
  const bottom = useRef<HTMLDivElement>(null);
  const count = conversation.data?.messages.length ?? 0;

  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);
  useEffect(() => {
    if (conversation.dataUpdatedAt) onRead();
  }, [conversation.dataUpdatedAt, onRead]);
  useEffect(() => {
    if (!poll) return;
    const timer = window.setInterval(() => void refetch(), poll);
    return () => window.clearInterval(timer);
  }, [poll, refetch]);

  if (conversation.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('translation:common.loading')} />
      </Center>
    );
  }
  if (conversation.isError) {
    return (
      <Alert color="red" role="alert">
        {errorText(conversation.error)}
      </Alert>
    );
  }
  const { chat, messages } = conversation.data;
  return (
    <Stack gap="md">
      <Box>
        <Title order={2} size="h3">
          {chat.otherParty || t('unknownCandidate')}
        </Title>
        {chat.occupation && <Text c="dimmed">{chat.occupation}</Text>}
      </Box>
      <ScrollArea.Autosize mah="55vh" type="auto">
        <Stack gap="sm" role="log" aria-label={t('conversation.label')} pr="sm">
          {messages.length === 0 && <Text c="dimmed">{t('conversation.empty')}</Text>}
          {messages.map((message) => (
            <Message key={message.messageId} message={message} />
          ))}
          <div ref={bottom} />
        </Stack>
      </ScrollArea.Autosize>
      {!chat.open && (
        <Alert color="gray" icon={<IconLock size={18} />} title={t('readOnly.title')}>
          {t('readOnly.text')}
        </Alert>
      )}
      {chat.open && !chat.canWrite && <Alert color="blue">{t('notStarted')}</Alert>}
      {chat.canWrite && <SendBox key={chat.chatId} chatId={chat.chatId} />}
    </Stack>
  );
}
