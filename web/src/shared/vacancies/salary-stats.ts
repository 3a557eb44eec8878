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
