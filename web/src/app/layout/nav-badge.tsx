import { Badge, NavLink } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { badgeCount, type BadgeCounts, badgeText } from '@/shared/lib/badges';
import { useRefreshBadgesOnAppear } from '@/shared/session/badge-counts';

import type { NavItem } from './navigation';

/** The count of an item's badge, or nothing when it has none or the count is zero. */
export function NavBadge({ item, counts }: { item: NavItem; counts: BadgeCounts | undefined }) {
  const { t } = useTranslation();
  const count = badgeCount(item.badge, counts);
  if (!count) return null;
  return (
    <Badge size="sm" color="red" variant="filled" circle={count < 10} title={t('nav.badge', { count })}>
      {badgeText(count)}
    </Badge>
  );
}

/** A sidebar link; one carrying a badge asks for fresh counts shortly after it becomes visible. */
export function SidebarLink({ item, href, active, visible, counts }: { item: NavItem; href: string; active: boolean; visible: boolean; counts: BadgeCounts | undefined }) {
  const { t } = useTranslation();
  useRefreshBadgesOnAppear(visible && !!item.badge);
  return <NavLink component={Link} to={href} label={t(item.label)} active={active} rightSection={<NavBadge item={item} counts={counts} />} />;
}
