import type { IndexUiState } from 'instantsearch.js';

import { FLAG_KEYS, LIST_KEYS, type SearchState } from './search-state';

export const VACANCY_INDEX = 'vacancies';

export interface SalaryUiState {
  from?: number;
  to?: number;
  period?: string;
}

/** InstantSearch's state of the vacancy index, with the salary widget's own part. */
export type VacancyUiState = IndexUiState & { salary?: SalaryUiState };

/** InstantSearch's pages are one-based, the URL's zero-based. */
export function stateToUi(state: SearchState): VacancyUiState {
  const ui: VacancyUiState = {};
  if (state.occupation) ui.query = state.occupation;
  const refinementList: Record<string, string[]> = {};
  for (const key of LIST_KEYS) if (state[key]?.length) refinementList[key] = [...state[key]];
  if (Object.keys(refinementList).length) ui.refinementList = refinementList;
  const toggle: Record<string, boolean> = {};
  for (const key of FLAG_KEYS) if (state[key]) toggle[key] = true;
  if (Object.keys(toggle).length) ui.toggle = toggle;
  const salary: SalaryUiState = {};
  if (state.salaryFrom !== undefined) salary.from = state.salaryFrom;
  if (state.salaryTo !== undefined) salary.to = state.salaryTo;
  if (state.salaryPeriod) salary.period = state.salaryPeriod;
  if (Object.keys(salary).length) ui.salary = salary;
  if (state.page) ui.page = state.page + 1;
  return ui;
}

export function uiToState(ui: VacancyUiState): SearchState {
  const state: SearchState = {};
  if (ui.query?.trim()) state.occupation = ui.query.trim();
  for (const key of LIST_KEYS) {
    const values = ui.refinementList?.[key];
    if (values?.length) state[key] = [...values];
  }
  for (const key of FLAG_KEYS) if (ui.toggle?.[key]) state[key] = true;
  if (ui.salary?.from !== undefined) state.salaryFrom = ui.salary.from;
  if (ui.salary?.to !== undefined) state.salaryTo = ui.salary.to;
  if (ui.salary?.period) state.salaryPeriod = ui.salary.period;
  if (ui.page && ui.page > 1) state.page = ui.page - 1;
  return state;
}
