import { ActionIcon, Indicator, VisuallyHidden } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useLocalizedPath } from '@/shared/i18n/use-language';
import { badgeText } from '@/shared/lib/badges';

import { useUnreadNotifications } from '../api/get-unread-notifications';

/** The header's bell: the notification centre, with the count of unread notifications. */
export function NotificationBell() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const unread = useUnreadNotifications(true).data?.unread ?? 0;
  const name = unread ? t('nav.notificationsUnread', { count: unread }) : t('nav.notifications');
  return (
    <Indicator label={badgeText(unread)} disabled={!unread} size={16} color="red" offset={4} inline>
      <ActionIcon component={Link} to={to('/account/notifications')} variant="subtle" color="gray" size="lg" title={name}>
        <IconBell size={20} aria-hidden />
        <VisuallyHidden>{name}</VisuallyHidden>
      </ActionIcon>
    </Indicator>
  );
}
