import { Badge, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useMyStaffInvitations } from '@/features/staff-invitations/api/get-my-staff-invitations';
import type { Me } from '@/shared/api/types';
import { useLocalizedPath } from '@/shared/i18n/use-language';
import { useBadgeCounts } from '@/shared/session/badge-counts';
import { trackCreation } from '@/shared/session/creation';

import NavBadge from './nav-badge';
import { avatarMenuItems } from './navigation';
import { UserAvatar } from './user-avatar';

/**
 * The pending staff invitations, shown only while one waits (the mailed link is the way in, this
 * the way back). Asked for when the menu opens, not on every page.
 */
function StaffInvitationsItem() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const count = useMyStaffInvitations().data?.length ?? 0;
  if (count === 0) return null;
  return (
    <Menu.Item component={Link} to={to('/invitations')} rightSection={<Badge size="sm" circle>{count}</Badge>}>
      {t('nav.staffInvitations')}
    </Menu.Item>
  );
}

export function UserMenu({ me, onLogout }: { me: Me; onLogout: () => void }) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const badges = useBadgeCounts(true).data;
  const name = me.company?.businessName ?? ([me.profile.firstname, me.profile.lastname].filter(Boolean).join(' ') || me.username);
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        {/* named by what it shows (the initials) and what it is: a name that holds the visible text (WCAG 2.5.3) */}
        <UnstyledButton>
          <UserAvatar me={me} />
          <VisuallyHidden>{t('nav.account')}</VisuallyHidden>
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
          <Menu.Item key={item.key} component={Link} to={to(item.to)} rightSection={<NavBadge item={item} counts={badges} />} onClick={() => item.creation && trackCreation(item.creation)}>
            {t(item.label)}
          </Menu.Item>
        ))}
        {!me.originalUser && <StaffInvitationsItem />}
        <Menu.Item component={Link} to={to('/my-reports')}>
          {t('nav.myReports')}
        </Menu.Item>
        <Menu.Divider />
        {/* red 9: Mantine's red 6 on white is 3.3:1, under WCAG AA's 4.5:1 */}
        <Menu.Item color="red.9" onClick={onLogout}>
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
