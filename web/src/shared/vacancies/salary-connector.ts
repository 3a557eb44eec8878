import type { Connector } from 'instantsearch.js';
import { useConnector } from 'react-instantsearch';

import type { SalaryUiState, VacancyUiState } from './instantsearch-state';

type SalaryRenderState = { salary: SalaryUiState; refine: (salary: SalaryUiState) => void };
type SalaryDescription = {
  $$type: 'vakants.salary';
  renderState: SalaryRenderState;
  indexRenderState: { salary: SalaryRenderState };
  indexUiState: { salary: SalaryUiState };
};

const KEYS = { from: 'salaryFrom', to: 'salaryTo', period: 'salaryPeriod' } as const;

/**
 * Salary from, to and period as search parameters of their own: the server filters on them and
 * the vacancy search client passes them on, so they need no facet.
 */
const connectSalary: Connector<SalaryDescription, Record<string, never>> = (renderFn, unmountFn = () => {}) => (widgetParams) => {
  const read = (state: Record<string, unknown>): SalaryUiState => {
    const salary: SalaryUiState = {};
    if (typeof state.salaryFrom === 'number') salary.from = state.salaryFrom;
    if (typeof state.salaryTo === 'number') salary.to = state.salaryTo;
    if (typeof state.salaryPeriod === 'string' && state.salaryPeriod) salary.period = state.salaryPeriod;
    return salary;
  };
  const apply = <T extends { setQueryParameters: (params: Record<string, unknown>) => T }>(state: T, salary: SalaryUiState = {}): T =>
    state.setQueryParameters({ [KEYS.from]: salary.from, [KEYS.to]: salary.to, [KEYS.period]: salary.period });
  let refine: (salary: SalaryUiState) => void = () => {};
  return {
    $$type: 'vakants.salary',
    init(options) {
      renderFn({ ...this.getWidgetRenderState(options), instantSearchInstance: options.instantSearchInstance, widgetParams }, true);
    },
    render(options) {
      renderFn({ ...this.getWidgetRenderState(options), instantSearchInstance: options.instantSearchInstance, widgetParams }, false);
    },
    dispose({ state }) {
      unmountFn();
      return apply(state);
    },
    getRenderState(renderState, options) {
      return { ...renderState, salary: this.getWidgetRenderState(options) };
    },
    getWidgetRenderState({ helper, state }) {
      refine = (salary) => {
        helper.setState(apply(helper.state, salary).setPage(0)).search();
      };
      return { salary: read(state as unknown as Record<string, unknown>), refine: (salary) => refine(salary), widgetParams };
    },
    getWidgetUiState(uiState, { searchParameters }) {
      const salary = read(searchParameters as unknown as Record<string, unknown>);
      const { salary: _previous, ...rest } = uiState as VacancyUiState;
      return Object.keys(salary).length ? { ...rest, salary } : rest;
    },
    getWidgetSearchParameters(searchParameters, { uiState }) {
      return apply(searchParameters, (uiState as VacancyUiState).salary);
    },
  };
};

export function useSalary(): SalaryRenderState {
  return useConnector<Record<string, never>, SalaryDescription>(connectSalary, {}, { $$widgetType: 'vakants.salary' });
}
