import type { components } from '@/shared/api/schema';
import type { SortField } from '@/shared/lib/sorting';

/** The tabs of my-vacancies, named as the list call's `status` and its `counts` name them. */
export type Tab = keyof components['schemas']['VacancyTabCounts'];
export const TABS: readonly Tab[] = ['all', 'active', 'drafts', 'waitingForPayment', 'hidden', 'archive', 'finished', 'cvDatabase'];

/** A real vacancy, or the virtual one holding CVs taken from the CV database. */
export type VacancyType = 'DEFAULT' | 'CV_BASE';
export const TYPES: readonly VacancyType[] = ['DEFAULT', 'CV_BASE'];

/** The list's state: the tab, the type (null for both) and the zero-based page. */
export interface ListState {
  tab: Tab;
  type: VacancyType | null;
  page: number;
}

export const DEFAULT_STATE: ListState = { tab: 'all', type: null, page: 0 };

const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);
const isType = (value: string | null): value is VacancyType => TYPES.includes(value as VacancyType);

/** Reads `?tab=&type=&page=`; a missing or unknown value is the default. */
export function readListState(params: URLSearchParams): ListState {
  const tab = params.get('tab');
  const type = params.get('type');
  const page = Number(params.get('page'));
  return {
    tab: isTab(tab) ? tab : DEFAULT_STATE.tab,
    type: isType(type) ? type : DEFAULT_STATE.type,
    page: Number.isInteger(page) && page > 0 ? page : DEFAULT_STATE.page,
  };
}

/** What `GET /api/employer/vacancies` sorts by, the default (the latest change) first. */
export const VACANCY_SORTS = [
  { field: 'modified', order: 'desc' },
  { field: 'created', order: 'desc' },
  { field: 'published', order: 'desc' },
  { field: 'validUntil', order: 'desc' },
  { field: 'applications', order: 'desc' },
  { field: 'occupation', order: 'asc' },
] as const satisfies readonly SortField[];
export type VacancySort = (typeof VACANCY_SORTS)[number]['field'];

/** The query string of a state, leaving the defaults out; the other parameters of `base` (the sorting) stay. */
export function writeListState(state: ListState, base?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of ['tab', 'type', 'page']) params.delete(key);
  if (state.tab !== DEFAULT_STATE.tab) params.set('tab', state.tab);
  if (state.type) params.set('type', state.type);
  if (state.page > 0) params.set('page', String(state.page));
  return params;
}

/** A change of tab or type starts again from the first page. */
export function withFilter(state: ListState, change: Partial<Pick<ListState, 'tab' | 'type'>>): ListState {
  return { ...state, ...change, page: 0 };
}
