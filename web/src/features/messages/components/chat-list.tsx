import { Badge, NavLink, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { useLanguage } from '@/shared/i18n/use-language';

import type { ChatSummary } from '../api/types';
import { messageTime } from '../lib/format';

interface ChatListProps {
  chats: ChatSummary[];
  openChat: string | null;
  onOpen: (chatId: string) => void;
}

/** The reader's chats, newest activity first, each with its unread count. */
export function ChatList({ chats, openChat, onOpen }: ChatListProps) {
  const { t } = useTranslation('messages');
  const language = useLanguage();
  return (
    <Stack gap={4} component="nav" aria-label={t('list.label')}>
      {chats.map((chat) => (
        <NavLink
          key={chat.chatId}
          component="button"
          type="button"
          active={chat.chatId === openChat}
          aria-current={chat.chatId === openChat ? 'true' : undefined}
          onClick={() => onOpen(chat.chatId)}
          label={
            <Text fw={chat.unread > 0 ? 700 : 500} size="sm" truncate="end">
              {chat.otherParty || t('unknownCandidate')}
            </Text>
          }
          description={
            <>
              {chat.occupation && (
                <Text component="span" size="xs" c="dimmed" display="block" truncate="end">
                  {chat.occupation}
                </Text>
              )}
              <Text component="span" size="xs" c="dimmed" display="block" truncate="end">
                {chat.lastMessage ?? t('list.noMessages')}
              </Text>
            </>
          }
          rightSection={
            <Stack gap={2} align="flex-end">
              <Text size="xs" c="dimmed">
                {messageTime(chat.lastMessageAt ?? chat.createdAt, language)}
              </Text>
              {chat.unread > 0 && (
                <Badge size="sm" circle aria-label={t('list.unread', { count: chat.unread })}>
                  {chat.unread > 99 ? '99+' : chat.unread}
                </Badge>
              )}
            </Stack>
          }
        />
      ))}
    </Stack>
  );
}
