import type { Option } from '@/shared/vacancies/reference';
import type { SearchState } from '@/shared/vacancies/search-state';

/** The longest name the server takes. */
export const MAX_NAME = 100;

/**
 * The name a saved search is offered under: its words, then the chosen categories and places by
 * their labels, then the company names, joined by " · "; `fallback` when the search has none.
 */
export function searchName(state: SearchState, labels: { categories: Option[]; cities: Option[] }, fallback: string): string {
  const label = (options: Option[], code: string) => options.find((option) => option.value === code)?.label ?? code;
  const parts = [
    state.occupation?.trim(),
    ...(state.categoryCode ?? []).map((code) => label(labels.categories, code)),
    ...(state.cityCode ?? []).map((code) => label(labels.cities, code)),
    ...(state.businessName ?? []),
  ].filter((part): part is string => !!part);
  const name = parts.join(' · ') || fallback;
  return name.length > MAX_NAME ? `${name.slice(0, MAX_NAME - 1)}…` : name;
}
