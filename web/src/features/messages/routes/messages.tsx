import { Button, Card, Center, Grid, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconArrowLeft } from '@tabler/icons-react';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';

import { useChatStream } from '@/shared/chat/use-chat-stream';
import { ensureNamespace } from '@/shared/i18n';
import { BADGE_REFRESH_MS } from '@/shared/lib/badges';
import { useUrlSorting } from '@/shared/lib/use-url-sorting';
import { badgeCountsKey } from '@/shared/session/badge-counts';
import { Page } from '@/shared/ui/page';
import { SortSelect } from '@/shared/ui/sort-controls';
import { useDesktop } from '@/shared/ui/use-desktop';
import { Pager } from '@/shared/vacancies/pager';

import { CHAT_SORTS, chatPageOf, type ChatSort, chatsQueryKey, useChats } from '../api/get-chats';
import { ChatList } from '../components/chat-list';
import { ConversationView } from '../components/conversation-view';
import { chatToOpen, readLastChat, rememberLastChat } from '../lib/last-chat';
import { texts } from '../locales/texts';

export const loader = () => ensureNamespace('messages', texts);

/**
 * `/account/messages` and `/employer/account/messages[?chat=&sort=&order=&page=]`: the reader's chats
 * (sorted as chosen, 50 to a page, the pager under the list) and the open one. The server decides the side (the company the employer acts for, or the applicant). The
 * last open chat is remembered (`lastChat`); new messages arrive through the live stream, and
 * every 30 s while it is down.
 */
export function Component() {
  const { t } = useTranslation('messages');
  const desktop = useDesktop();
  const client = useQueryClient();
  const [search, setSearch] = useSearchParams();
  // the employer's screen speaks of candidates, the applicant's of employers
  const employerSide = useLocation().pathname.includes('/employer/');
  const live = useChatStream(chatsQueryKey);
  const poll = live ? false : BADGE_REFRESH_MS;
  const sorting = useUrlSorting(CHAT_SORTS);
  const page = chatPageOf(search);
  const chats = useChats(sorting.sorting, page);
  const listed = chats.data?.content.map((chat) => chat.chatId) ?? [];
  const openChat = chats.isPending ? search.get('chat') : chatToOpen(search.get('chat'), readLastChat(), listed, desktop);
  const { refetch } = chats;

  // a page emptied since (or an old link) shows the last page that has chats
  const lastPage = chats.data ? Math.max(chats.data.totalPages - 1, 0) : 0;
  const beyondLast = !!chats.data && !chats.isPlaceholderData && page > lastPage;
  useEffect(() => {
    if (!beyondLast) return;
    const next = new URLSearchParams(search);
    if (lastPage > 0) next.set('page', String(lastPage));
    else next.delete('page');
    setSearch(next, { replace: true });
  }, [beyondLast, lastPage, search, setSearch]);

  useEffect(() => {
    if (openChat) rememberLastChat(openChat);
  }, [openChat]);
  useEffect(() => {
    if (!poll) return;
    const timer = window.setInterval(() => void refetch(), poll);
    return () => window.clearInterval(timer);
  }, [poll, refetch]);

  // reading a chat marks its messages read: the unread counts and the badge change
  const onRead = useCallback(() => {
    void client.invalidateQueries({ queryKey: [...chatsQueryKey, 'list'] });
    void client.invalidateQueries({ queryKey: badgeCountsKey });
  }, [client]);

  // the list's sorting stays while chats open and close
  function open(chatId: string) {
    const next = new URLSearchParams(search);
    next.set('chat', chatId);
    setSearch(next);
  }

  // the other parameters (the open chat, the sorting) stay while the pages turn
  function turnTo(nextPage: number) {
    const next = new URLSearchParams(search);
    if (nextPage > 0) next.set('page', String(nextPage));
    else next.delete('page');
    setSearch(next);
  }

  function back() {
    const next = new URLSearchParams(search);
    next.delete('chat');
    setSearch(next);
    window.localStorage.removeItem('lastChat');
  }

  if (chats.isPending) {
    return (
      <Page title={t('title')} size="lg">
        <Center py="xl">
          <Loader aria-label={t('translation:common.loading')} />
        </Center>
      </Page>
    );
  }
  if (listed.length === 0 && !openChat && !beyondLast) {
    return (
      <Page title={t('title')} size="lg">
        <Card withBorder padding="xl" radius="md">
          <Stack align="center" gap="sm" ta="center">
            <Title order={2} size="h3">
              {t('empty.title')}
            </Title>
            <Text c="dimmed" maw={480}>
              {t(employerSide ? 'empty.employerText' : 'empty.text')}
            </Text>
          </Stack>
        </Card>
      </Page>
    );
  }
  const sortLabels: Record<ChatSort, string> = Object.fromEntries(CHAT_SORTS.map(({ field }) => [field, t(`sort.${field}`)])) as Record<ChatSort, string>;
  const list = (
    <Stack gap="xs">
      <SortSelect fields={CHAT_SORTS} labels={sortLabels} sorting={sorting.sorting} onChange={sorting.choose} />
      <ChatList chats={chats.data?.content ?? []} openChat={openChat} onOpen={open} />
      <Pager page={chats.data?.page ?? page} total={chats.data?.totalPages ?? 0} onChange={turnTo} />
    </Stack>
  );
  const conversation = openChat ? <ConversationView key={openChat} chatId={openChat} poll={poll} onRead={onRead} /> : null;
  return (
    <Page title={t('title')} size="lg">
      {desktop ? (
        <Grid gap="lg">
          <Grid.Col span={4}>
            <Card withBorder padding="xs" radius="md">
              {list}
            </Card>
          </Grid.Col>
          <Grid.Col span={8}>
            <Card withBorder padding="lg" radius="md">
              {conversation ?? <Text c="dimmed">{t('choose')}</Text>}
            </Card>
          </Grid.Col>
        </Grid>
      ) : conversation ? (
        <Stack gap="sm">
          <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={back} w="fit-content" px={0}>
            {t('back')}
          </Button>
          {conversation}
        </Stack>
      ) : (
        <Card withBorder padding="xs" radius="md">
          {list}
        </Card>
      )}
    </Page>
  );
}
