import { describe, expect, it, vi } from 'vitest';

import type { SearchPage } from './api';
import { createVacancySearchClient, filterOfRequest } from './search-client';

const answer: SearchPage = {
  content: [],
  totalPages: 3,
  totalElements: 41,
  page: 1,
  size: 20,
  facets: { categoryCode: { IT: 4, SALES: 2 }, cityCode: { '0784': 9 }, shiftWork: 5 } as unknown as SearchPage['facets'],
  salaryStats: [
    {
      period: { periodType: 'MONTH', label: 'per month' },
      count: 3,
      min: 1000,
      max: 3000,
      avg: 1900,
      p25: 1500,
      median: 1800,
      p75: 2200,
      histogram: [{ from: 1000, to: 2000, count: 2 }, { from: 2000, to: 3000, count: 1 }],
    },
  ],
  tookMs: 3,
};

describe('the vacancy search client', () => {
  it('turns a request into the filter model', () => {
    expect(
      filterOfRequest({
        query: ' kokk ',
        facetFilters: [['categoryCode:IT', 'categoryCode:SALES'], 'shiftWork:true', ['businessName:A: B']],
        salaryFrom: 1000,
        salaryPeriod: 'MONTH',
      }),
    ).toEqual({ occupation: 'kokk', categoryCode: ['IT', 'SALES'], shiftWork: true, businessName: ['A: B'], salaryFrom: 1000, salaryPeriod: 'MONTH' });
  });

  it('answers the main and the disjunctive facet requests from one call', async () => {
    const searchPage = vi.fn().mockResolvedValue(answer);
    const client = createVacancySearchClient(searchPage);
    const { results } = (await client.search([
      { indexName: 'vacancies', params: { query: '', page: 1, hitsPerPage: 20, facets: ['shiftWork'], facetFilters: [['categoryCode:IT']] } },
      { indexName: 'vacancies', params: { hitsPerPage: 0, page: 0, facets: ['categoryCode'] } },
    ] as never)) as unknown as { results: { facets: unknown; nbHits: number; page: number }[] };
    expect(searchPage).toHaveBeenCalledTimes(1);
    expect(searchPage).toHaveBeenCalledWith({ categoryCode: ['IT'] }, 1, 20);
    expect(results[0]).toMatchObject({ nbHits: 41, page: 1, facets: { shiftWork: { true: 5 } }, salaryStats: answer.salaryStats });
    expect(results[1]).toMatchObject({ facets: { categoryCode: { IT: 4, SALES: 2 } } });
  });
});
