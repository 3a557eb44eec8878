import { describe, expect, it } from 'vitest';

import { DEFAULT_FILTERS, readFilters, writeFilters } from './search-params';

describe('candidate list URL', () => {
  it('leaves the defaults out and reads back what it wrote', () => {
    expect(writeFilters(DEFAULT_FILTERS).toString()).toBe('');
    const filters = { ...DEFAULT_FILTERS, verdict: 'SUITABLE' as const, rating: 'POSITIVE' as const, minScore: 50, from: '2026-01-02', sort: 'score' as const, order: 'asc' as const };
    const written = writeFilters(filters);
    expect(written.toString()).toBe('verdict=SUITABLE&rating=POSITIVE&minScore=50&from=2026-01-02&sort=score&order=asc');
    expect(readFilters(written)).toEqual({ ...filters, applicationStatus: undefined, to: undefined });
  });

  it('drops values the server would refuse', () => {
    const read = readFilters(new URLSearchParams('verdict=GREAT&rating=5&minScore=101&from=1.1.2026&sort=name&order=up&applicationStatus=DELETED'));
    expect(read).toEqual({ ...DEFAULT_FILTERS, applicationStatus: undefined, verdict: undefined, rating: undefined, minScore: undefined, from: undefined, to: undefined });
  });

  it('keeps the candidates without a verdict as NONE', () => {
    expect(readFilters(new URLSearchParams('verdict=NONE')).verdict).toBe('NONE');
  });

  it('sorts by best match first, never in the reverse order', () => {
    expect(writeFilters({ ...DEFAULT_FILTERS, sort: 'match' }).toString()).toBe('sort=match');
    expect(readFilters(new URLSearchParams('sort=match&order=asc'))).toMatchObject({ sort: 'match', order: 'desc' });
  });
});
