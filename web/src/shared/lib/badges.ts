import type { components } from '@/shared/api/schema';

export type BadgeKind = components['schemas']['BadgeKind'];
export type BadgeCounts = components['schemas']['BadgeCounts'];

/** Spec 1 section 9: the counts refresh every 30 s, and 100 ms after a sidebar item appears. */
export const BADGE_REFRESH_MS = 30_000;
export const BADGE_APPEAR_DELAY_MS = 100;

const FIELD_OF_KIND: Record<BadgeKind, keyof BadgeCounts> = {
  APPLICATIONS: 'applications',
  INTERVIEWS: 'interviews',
  MESSAGES: 'messages',
  INVOICES: 'invoices',
};

/** The count a menu item of `kind` shows; 0 (no badge) without counts or without a kind. */
export function badgeCount(kind: BadgeKind | undefined, counts: BadgeCounts | undefined): number {
  if (!kind || !counts) return 0;
  const count = counts[FIELD_OF_KIND[kind]];
  return Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
}

/** The text on a badge: the count, capped at "99+". */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}
