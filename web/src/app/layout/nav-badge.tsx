import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { badgeCount, type BadgeCounts, badgeText } from '@/shared/lib/badges';

import type { NavItem } from './navigation';

/** The count of an item's badge, or nothing when it has none or the count is zero. */
export default function NavBadge({ item, counts }: { item: NavItem; counts: BadgeCounts | undefined }) {
  const { t } = useTranslation();
  const count = badgeCount(item.badge, counts);
  if (!count) return null;
  return (
    <Badge size="sm" color="red" variant="filled" circle={count < 10} title={t('nav.badge', { count })}>
      {badgeText(count)}
    </Badge>
  );
}
