/**
 * The vacancy search as the URL keeps it (spec 1 section 2): exactly the spec's parameters, lists
 * as comma lists (business names repeated, as they may hold commas), the zero-based page left out
 * on the first page and flags present only when on.
 */
export const LIST_KEYS = ['categoryCode', 'cityCode', 'typeOfEmployment', 'workExperience', 'languageCode', 'businessName'] as const;
export const FLAG_KEYS = ['shiftWork', 'salaryByAgreement', 'salaryStated', 'forStudents', 'forUnderage', 'forRetired', 'forDisabled', 'forForeigners', 'remoteWork'] as const;

export type ListKey = (typeof LIST_KEYS)[number];
export type FlagKey = (typeof FLAG_KEYS)[number];

export type SearchState = {
  occupation?: string;
  salaryFrom?: number;
  salaryTo?: number;
  salaryPeriod?: string;
  /** zero-based */
  page?: number;
} & Partial<Record<ListKey, string[]>> &
  Partial<Record<FlagKey, true>>;

function readNumber(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 ? number : undefined;
}

export function parseSearchParams(params: URLSearchParams): SearchState {
  const state: SearchState = {};
  const occupation = params.get('occupation')?.trim();
  if (occupation) state.occupation = occupation;
  for (const key of LIST_KEYS) {
    const raw = params.getAll(key);
    const values = key === 'businessName' ? raw : raw.flatMap((value) => value.split(','));
    const codes = values.map((value) => value.trim()).filter(Boolean);
    if (codes.length) state[key] = [...new Set(codes)];
  }
  const salaryFrom = readNumber(params.get('salaryFrom'));
  if (salaryFrom !== undefined) state.salaryFrom = salaryFrom;
  const salaryTo = readNumber(params.get('salaryTo'));
  if (salaryTo !== undefined) state.salaryTo = salaryTo;
  const period = params.get('salaryPeriod')?.trim();
  if (period) state.salaryPeriod = period;
  for (const key of FLAG_KEYS) {
    const value = params.get(key);
    if (value !== null && value !== 'false') state[key] = true;
  }
  const page = readNumber(params.get('page'));
  if (page !== undefined && Number.isInteger(page) && page > 0) state.page = page;
  return state;
}

export function toSearchParams(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.occupation?.trim()) params.set('occupation', state.occupation.trim());
  for (const key of LIST_KEYS) {
    const values = state[key];
    if (!values?.length) continue;
    if (key === 'businessName') values.forEach((value) => params.append(key, value));
    else params.set(key, values.join(','));
  }
  if (state.salaryFrom !== undefined) params.set('salaryFrom', String(state.salaryFrom));
  if (state.salaryTo !== undefined) params.set('salaryTo', String(state.salaryTo));
  if (state.salaryPeriod) params.set('salaryPeriod', state.salaryPeriod);
  for (const key of FLAG_KEYS) if (state[key]) params.set(key, 'true');
  if (state.page) params.set('page', String(state.page));
  return params;
}

/** `?a=b` or the empty string. */
export function toQueryString(state: SearchState): string {
  const query = toSearchParams(state).toString();
  return query ? `?${query}` : '';
}

/** The body of `POST /api/open/search` for a state (the page goes in the query string). */
export function toFilter(state: SearchState): Record<string, unknown> {
  const { page: _page, ...filter } = state;
  return filter;
}
