import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

import { candidatesQueryKey } from './get-candidates';

type Schemas = components['schemas'];
/** What the list shows of a CV without the company's access to the CV database: no name, no contacts. */
export type CvMatchSummary = Schemas['CvMatchSummary'];
/** A CV that fits the vacancy: its reasons, whether its owner is already a candidate, and `person` only with access. */
export type CvMatch = Schemas['CvMatchItem'];
/** `GET /api/employer/vacancies/{id}/cv-matches`: the visible CVs that fit the vacancy best, a page of them. */
export type CvMatches = Schemas['CvMatchPage'];

/** CVs per page of the tab. */
export const CV_MATCHES_PAGE_SIZE = 20;

export const cvMatchesKey = (vacancyId: string) => [...candidatesQueryKey, 'cv-matches', vacancyId] as const;

export function fetchCvMatches(vacancyId: string, page: number): Promise<CvMatches> {
  return unwrap(api.GET('/api/employer/vacancies/{id}/cv-matches', { params: { path: { id: vacancyId }, query: { page, size: CV_MATCHES_PAGE_SIZE } } }));
}

export const cvMatchesQuery = (vacancyId: string, page: number) =>
  queryOptions({
    queryKey: [...cvMatchesKey(vacancyId), page] as const,
    queryFn: () => fetchCvMatches(vacancyId, page),
    placeholderData: keepPreviousData,
  });

/** The CVs of the CV database that fit one of the company's vacancies, ranked, with their reasons. */
export function useCvMatches(vacancyId: string, page: number) {
  return useQuery(cvMatchesQuery(vacancyId, page));
}
