import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '@/shared/api/client';
import type { MatchReason } from '@/shared/recommendations/api/types';

import { candidatesQueryKey } from './get-candidates';

/** What the list shows of a CV without the company's access to the CV database: no name, no contacts. */
export interface CvMatchSummary {
  title: string | null;
  categoryCodes: string[];
  placeCodes: string[];
  workExperience: string | null;
  languageCodes: string[];
  updatedAt: string;
}

export interface CvMatch {
  cvId: string;
  reasons: MatchReason[];
  /** The CV's owner is already a candidate of this vacancy. */
  alreadyCandidate: boolean;
  summary: CvMatchSummary;
  /** Only with the company's CV-database access. */
  person: { firstname: string | null; lastname: string | null } | null;
}

/** `GET /api/employer/vacancies/{id}/cv-matches`: the visible CVs that fit the vacancy best, a page of them. */
export interface CvMatches {
  access: boolean;
  total: number;
  items: CvMatch[];
}

/** CVs per page of the tab. */
export const CV_MATCHES_PAGE_SIZE = 20;

export const cvMatchesKey = (vacancyId: string) => [...candidatesQueryKey, 'cv-matches', vacancyId] as const;

export async function fetchCvMatches(vacancyId: string, page: number): Promise<CvMatches> {
  const query = new URLSearchParams({ page: String(page), size: String(CV_MATCHES_PAGE_SIZE) });
  return (await request<CvMatches>('GET', `/api/employer/vacancies/${encodeURIComponent(vacancyId)}/cv-matches?${query}`)) ?? { access: false, total: 0, items: [] };
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
