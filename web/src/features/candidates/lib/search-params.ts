import type { components } from '@/shared/api/schema';

export type Verdict = components['schemas']['Verdict'];
export type Rating = components['schemas']['Rating'];
export type ApplicationStatus = components['schemas']['ApplicationStatus'];

export const VERDICTS: Verdict[] = ['SUITABLE', 'POSSIBLY_SUITABLE', 'NOT_SUITABLE'];
export const RATINGS: Rating[] = ['POSITIVE', 'NEUTRAL', 'NEGATIVE', 'NOT_KNOWN'];
/** The statuses the list filters by (a deleted candidate is listed nowhere). */
export const LISTED_STATUSES: ApplicationStatus[] = ['EXISTS', 'HIDDEN', 'ARCHIVED', 'TEMPORARY'];
/** `match`: best match first, by the score that ranks the CV database's CVs for the vacancy (issue 33 §3). */
export const SORTS = ['date', 'score', 'rating', 'verdict', 'match'] as const;
export type Sort = (typeof SORTS)[number];

/** The candidate list's filters and sorting, as the URL and the call both carry them. */
export interface CandidateFilters {
  applicationStatus?: ApplicationStatus;
  /** NONE: the candidates without a verdict. */
  verdict?: Verdict | 'NONE';
  rating?: Rating;
  minScore?: number;
  from?: string;
  to?: string;
  sort: Sort;
  order: 'asc' | 'desc';
}

export const DEFAULT_FILTERS: CandidateFilters = { sort: 'date', order: 'desc' };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((a) => a === value);
}

/** Reads the filters of the URL; a value the server would refuse is left out. */
export function readFilters(params: URLSearchParams): CandidateFilters {
  const score = Number(params.get('minScore'));
  const sort = oneOf(params.get('sort'), SORTS) ?? 'date';
  const day = (name: string) => {
    const value = params.get(name);
    return value && DAY.test(value) ? value : undefined;
  };
  return {
    applicationStatus: oneOf(params.get('applicationStatus'), LISTED_STATUSES),
    verdict: oneOf(params.get('verdict'), [...VERDICTS, 'NONE'] as const),
    rating: oneOf(params.get('rating'), RATINGS),
    minScore: params.has('minScore') && Number.isInteger(score) && score >= 0 && score <= 100 ? score : undefined,
    from: day('from'),
    to: day('to'),
    sort,
    // best match always comes first
    order: sort !== 'match' && params.get('order') === 'asc' ? 'asc' : 'desc',
  };
}

/** The filters as URL (and query) parameters, defaults left out. */
export function writeFilters(filters: CandidateFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.applicationStatus) params.set('applicationStatus', filters.applicationStatus);
  if (filters.verdict) params.set('verdict', filters.verdict);
  if (filters.rating) params.set('rating', filters.rating);
  if (filters.minScore !== undefined) params.set('minScore', String(filters.minScore));
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.sort !== 'date') params.set('sort', filters.sort);
  if (filters.order !== 'desc') params.set('order', filters.order);
  return params;
}

/** The list's query parameters for the typed client. */
export function queryOf(filters: CandidateFilters): Record<string, string> {
  return Object.fromEntries(writeFilters(filters));
}

/** Paths below the language. */
export const candidatesPath = (vacancyId: string) => `/employer/account/my-vacancies/${vacancyId}/candidates`;
export const candidatePath = (vacancyId: string, applicationId: string) => `${candidatesPath(vacancyId)}/${applicationId}`;
