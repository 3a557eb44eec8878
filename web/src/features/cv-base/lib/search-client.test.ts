import { describe, expect, it, vi } from 'vitest';

import type { CvSearchPage } from '../api/types';
import { createCvSearchClient, cvFilterOfRequest } from './search-client';

const answer = {
  content: [{ cvId: 'cv-1', title: 'Kokk', snippet: '<mark>kokk</mark>' }],
  totalPages: 2,
  totalElements: 21,
  page: 1,
  size: 20,
  facets: { categoryCode: { IT: 4 }, cityCode: { '0784': 9 }, driverLicence: { B: 3 } },
  tookMs: 2,
} as unknown as CvSearchPage;

type Results = { results: { hits: unknown[]; nbHits: number; page: number; facets: Record<string, unknown> }[] };

describe('the CV search client', () => {
  it('turns a request into the filter model', () => {
    expect(cvFilterOfRequest({ query: ' kokk ', facetFilters: [['categoryCode:IT', 'categoryCode:SALES'], 'driverLicence:B', 'unknown:x'] })).toEqual({
      search: 'kokk',
      categoryCode: ['IT', 'SALES'],
      driverLicence: ['B'],
    });
  });

  it('answers the main and the facet requests from one call', async () => {
    const searchPage = vi.fn().mockResolvedValue(answer);
    const client = createCvSearchClient(searchPage);
    const { results } = (await client.search([
      { indexName: 'cvs', params: { query: 'kokk', page: 1, hitsPerPage: 20, facets: ['categoryCode', 'driverLicence'] } },
      { indexName: 'cvs', params: { query: 'kokk', hitsPerPage: 0, facets: 'cityCode' } },
    ] as never)) as unknown as Results;
    expect(searchPage).toHaveBeenCalledTimes(1);
    expect(searchPage).toHaveBeenCalledWith({ search: 'kokk' }, 1, 20);
    expect(results[0]).toMatchObject({ nbHits: 21, page: 1, facets: { categoryCode: { IT: 4 }, driverLicence: { B: 3 } } });
    expect(results[0].hits).toEqual([expect.objectContaining({ cvId: 'cv-1', objectID: 'cv-1' })]);
    expect(results[1]).toMatchObject({ hits: [], facets: { cityCode: { '0784': 9 } } });
  });

  it('asks the server nothing without a criterion', async () => {
    const searchPage = vi.fn();
    const client = createCvSearchClient(searchPage);
    const { results } = (await client.search([{ indexName: 'cvs', params: { query: '', hitsPerPage: 20, facets: ['*'] } }] as never)) as unknown as Results;
    expect(searchPage).not.toHaveBeenCalled();
    expect(results[0]).toMatchObject({ hits: [], nbHits: 0, facets: {} });
  });
});
