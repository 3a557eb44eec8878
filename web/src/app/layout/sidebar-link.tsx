import { NavLink } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { BadgeCounts } from '@/shared/lib/badges';
import { useRefreshBadgesOnAppear } from '@/shared/session/badge-counts';
import { trackCreation } from '@/shared/session/creation';

import type { NavItem } from './navigation';

// only signed-in users see badges: visitors do not download them
const NavBadge = lazy(() => import('./nav-badge'));

/** A sidebar link; one carrying a badge asks for fresh counts shortly after it becomes visible. */
export function SidebarLink({ item, href, active, visible, counts }: { item: NavItem; href: string; active: boolean; visible: boolean; counts: BadgeCounts | undefined }) {
  const { t } = useTranslation();
  useRefreshBadgesOnAppear(visible && !!item.badge);
  const badge = item.badge && counts ? (
    <Suspense fallback={null}>
      <NavBadge item={item} counts={counts} />
    </Suspense>
  ) : undefined;
  return <NavLink component={Link} to={href} label={t(item.label)} active={active} rightSection={badge} onClick={() => item.creation && trackCreation(item.creation)} />;
}
