/**
 * The CV-database search as the URL keeps it: the text as `search`, each facet as a comma list,
 * the zero-based page left out on the first page. The same names are the body of `POST
 * /api/employer/search-cv`.
 */
export const CV_LIST_KEYS = ['categoryCode', 'cityCode', 'educationLevel', 'workExperience', 'languageCode', 'driverLicence', 'typeOfEmployment'] as const;

export type CvListKey = (typeof CV_LIST_KEYS)[number];

export type CvSearchState = {
  search?: string;
  /** zero-based */
  page?: number;
} & Partial<Record<CvListKey, string[]>>;

export function parseCvSearchParams(params: URLSearchParams): CvSearchState {
  const state: CvSearchState = {};
  const search = params.get('search')?.trim();
  if (search) state.search = search;
  for (const key of CV_LIST_KEYS) {
    const codes = params
      .getAll(key)
      .flatMap((value) => value.split(','))
      .map((value) => value.trim())
      .filter(Boolean);
    if (codes.length) state[key] = [...new Set(codes)];
  }
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page > 0) state.page = page;
  return state;
}

/** `?a=b` or the empty string. */
export function cvQueryString(state: CvSearchState): string {
  const params = new URLSearchParams();
  if (state.search?.trim()) params.set('search', state.search.trim());
  for (const key of CV_LIST_KEYS) if (state[key]?.length) params.set(key, state[key].join(','));
  if (state.page) params.set('page', String(state.page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** Whether the state asks for anything: the server refuses a search without a criterion. */
export function hasCriteria(state: CvSearchState): boolean {
  return Boolean(state.search?.trim()) || CV_LIST_KEYS.some((key) => Boolean(state[key]?.length));
}

/** The body of `POST /api/employer/search-cv` (the page goes in the query string). */
export function cvFilter(state: CvSearchState): Omit<CvSearchState, 'page'> {
  const { page: _page, ...filter } = state;
  return filter;
}
