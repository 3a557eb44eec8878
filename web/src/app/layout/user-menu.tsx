import { Menu, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { Me } from '@/shared/api/types';
import { useLocalizedPath } from '@/shared/i18n/use-language';
import { useBadgeCounts } from '@/shared/session/badge-counts';

import NavBadge from './nav-badge';
import { avatarMenuItems } from './navigation';
import { UserAvatar } from './user-avatar';

export function UserMenu({ me, onLogout }: { me: Me; onLogout: () => void }) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const badges = useBadgeCounts(true).data;
  const name = me.company?.businessName ?? ([me.profile.firstname, me.profile.lastname].filter(Boolean).join(' ') || me.username);
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('nav.account')}>
          <UserAvatar me={me} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} truncate>
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {me.username}
          </Text>
        </Menu.Label>
        {avatarMenuItems(me).map((item) => (
          <Menu.Item key={item.key} component={Link} to={to(item.to)} rightSection={<NavBadge item={item} counts={badges} />}>
            {t(item.label)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item color="red" onClick={onLogout}>
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
