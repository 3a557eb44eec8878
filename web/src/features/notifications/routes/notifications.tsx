import { Anchor, Badge, Button, Card, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { errorText } from '@/shared/api/error-text';
import { ensureNamespace } from '@/shared/i18n';
import { useLanguage, useLocalizedPath } from '@/shared/i18n/use-language';
import { TIME_ZONE } from '@/shared/lib/tallinn';
import { Page } from '@/shared/ui/page';
import { Pager } from '@/shared/vacancies/pager';

import { type UserNotification, useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { notificationPath } from '../lib/link';
import { NAMESPACE, texts } from '../locales/texts';

export const loader = () => ensureNamespace(NAMESPACE, texts);

function NotificationItem({ notification, onOpen }: { notification: UserNotification; onOpen: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const to = useLocalizedPath();
  const when = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE }).format(new Date(notification.createdAt));
  const details = [notification.subject, notification.counterpart].filter(Boolean).join(' · ');
  return (
    <Card
      component="li"
      withBorder
      padding="md"
      radius="md"
      style={notification.read ? undefined : { borderLeft: '4px solid var(--mantine-color-blue-8)' }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={to(notificationPath(notification))} onClick={onOpen} fw={notification.read ? 500 : 700} underline="always">
            {t(`kind.${notification.kind}`, { defaultValue: t('kind.other') })}
          </Anchor>
          {details && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {details}
            </Text>
          )}
          <Text size="sm" c="dimmed" component="time" dateTime={notification.createdAt}>
            {when}
          </Text>
        </Stack>
        {!notification.read && (
          <Badge color="blue" variant="filled" style={{ flexShrink: 0 }}>
            {t('unread')}
          </Badge>
        )}
      </Group>
    </Card>
  );
}

/**
 * `/account/notifications[?page=]`, for every signed-in role: the events behind the menu's badges,
 * newest first, each leading to its object and marked read when opened; "mark all read".
 */
export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const [search, setSearch] = useSearchParams();
  const page = Math.max(Number.parseInt(search.get('page') ?? '0', 10) || 0, 0);
  const list = useNotifications(page);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const unread = list.data?.unread ?? 0;

  let body;
  if (list.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label={t('translation:common.loading')} />
      </Center>
    );
  } else if (list.isError) {
    body = <Text c="red">{errorText(list.error)}</Text>;
  } else if (!list.data.content.length) {
    body = (
      <Card withBorder padding="xl" radius="md">
        <Text c="dimmed" ta="center">
          {t('empty')}
        </Text>
      </Card>
    );
  } else {
    body = (
      <>
        <Stack component="ul" gap="sm" p={0} m={0} aria-label={t('listLabel')} style={{ listStyle: 'none' }}>
          {list.data.content.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              onOpen={() => !notification.read && markRead.mutate(notification.id)}
            />
          ))}
        </Stack>
        <Pager page={list.data.page} total={list.data.totalPages} onChange={(next) => setSearch(next ? { page: String(next) } : {})} />
      </>
    );
  }

  return (
    <Page title={t('title')}>
      <Group justify="space-between" align="center" wrap="wrap">
        <Text maw={640}>{t('intro')}</Text>
        <Button variant="light" onClick={() => markAll.mutate()} loading={markAll.isPending} disabled={!unread}>
          {t('markAll')}
        </Button>
      </Group>
      {list.isSuccess && !unread && list.data.content.length > 0 && (
        <Text size="sm" c="dimmed" role="status">
          {t('allRead')}
        </Text>
      )}
      {body}
    </Page>
  );
}
