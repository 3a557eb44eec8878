import { useInstantSearch } from 'react-instantsearch';

import type { SalaryStats } from './api';

/**
 * The salary statistics per period of the current search (salary transparency), as the vacancy
 * search client hands them on with the main result; none before the first answer.
 */
export function useSalaryStats(): SalaryStats[] {
  const { results } = useInstantSearch();
  if (!results || results.__isArtificial) return [];
  return (results as unknown as { salaryStats?: SalaryStats[] }).salaryStats ?? [];
}

/**
 * How many ads of the current search state their pay (the hits with a salary: what the statistics
 * count) out of all its hits; null before the first answer or when nothing matches.
 */
export function usePayRangeShare(): { stated: number; total: number } | null {
  const stats = useSalaryStats();
  const { results } = useInstantSearch();
  if (!results || results.__isArtificial || !results.nbHits) return null;
  return { stated: stats.reduce((sum, period) => sum + period.count, 0), total: results.nbHits };
}
