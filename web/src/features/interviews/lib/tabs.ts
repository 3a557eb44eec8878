import type { DisplayStatus } from '../api/types';

/** The tabs of `/account/my-interviews` (spec 1 section 2); each is the API's `status` filter. */
export const TABS = ['all', 'accepted', 'canceled', 'completed', 'invited'] as const;
export type Tab = (typeof TABS)[number];

export const DEFAULT_TAB: Tab = 'all';
export const TAB_PARAM = 'tab';

export function isTab(value: string | null | undefined): value is Tab {
  return !!value && (TABS as readonly string[]).includes(value);
}

/** The tab of the URL's `?tab=`; anything unknown is the default tab. */
export function tabFromSearch(search: URLSearchParams): Tab {
  const value = search.get(TAB_PARAM);
  return isTab(value) ? value : DEFAULT_TAB;
}

/** The URL's query for a tab: the default tab leaves it out. */
export function searchForTab(tab: Tab): string {
  return tab === DEFAULT_TAB ? '' : `?${TAB_PARAM}=${tab}`;
}

/** The display statuses each tab shows, as the server filters them (docs/api.md "Interviews"). */
const TAB_STATUSES: Record<Exclude<Tab, 'all'>, readonly DisplayStatus[]> = {
  accepted: ['accepted', 'acceptedNow', 'acceptedExpired'],
  canceled: ['canceled'],
  completed: ['completed'],
  invited: ['invited', 'inviteExpired'],
};

/** The tab besides "all" where an interview of this display status is listed. */
export function tabOfStatus(status: DisplayStatus): Exclude<Tab, 'all'> {
  const found = (Object.keys(TAB_STATUSES) as Exclude<Tab, 'all'>[]).find((tab) => TAB_STATUSES[tab].includes(status));
  return found ?? 'invited';
}

/** Whether the tab lists an interview of this display status. */
export function tabShows(tab: Tab, status: DisplayStatus): boolean {
  return tab === 'all' || TAB_STATUSES[tab].includes(status);
}
