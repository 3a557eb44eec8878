import type { operations } from '@/shared/api/schema';

/** The tabs of "my applications" (spec 1 section 2), each the `status` the list call takes. */
export type Tab = NonNullable<NonNullable<operations['my_applications']['parameters']['query']>['status']>;
export const TABS: readonly Tab[] = ['active', 'all', 'archive', 'cancelled'];
export const DEFAULT_TAB: Tab = 'active';

/** The URL keeps the tab in `?tab=`; the default tab leaves it out. */
export const TAB_PARAM = 'tab';

const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

/** The tab a URL shows: its `tab` parameter when it names a tab, otherwise the default. */
export function tabFromSearch(search: URLSearchParams): Tab {
  const value = search.get(TAB_PARAM);
  return isTab(value) ? value : DEFAULT_TAB;
}

/** The query string for `tab`, keeping any other parameter of `current`. */
export function searchForTab(tab: Tab, current: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(current);
  if (tab === DEFAULT_TAB) next.delete(TAB_PARAM);
  else next.set(TAB_PARAM, tab);
  return next;
}

