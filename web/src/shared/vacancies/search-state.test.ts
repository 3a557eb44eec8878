import { describe, expect, it } from 'vitest';

import { stateToUi, uiToState } from './instantsearch-state';
import { parseSearchParams, type SearchState, toQueryString, toSearchParams } from './search-state';

const parse = (query: string) => parseSearchParams(new URLSearchParams(query));

describe('the search URL', () => {
  it('reads every spec parameter', () => {
    expect(
      parse(
        'occupation=kokk&cityCode=0784,0793&categoryCode=IT&typeOfEmployment=FULL_TIME&workExperience=NO_EXPERIENCE&languageCode=et' +
          '&businessName=Foo%2C%20AS&businessName=Bar&salaryFrom=1000&salaryTo=2500.5&salaryPeriod=MONTH&shiftWork=true&remoteWork=&page=2',
      ),
    ).toEqual({
      occupation: 'kokk',
      cityCode: ['0784', '0793'],
      categoryCode: ['IT'],
      typeOfEmployment: ['FULL_TIME'],
      workExperience: ['NO_EXPERIENCE'],
      languageCode: ['et'],
      businessName: ['Foo, AS', 'Bar'],
      salaryFrom: 1000,
      salaryTo: 2500.5,
      salaryPeriod: 'MONTH',
      shiftWork: true,
      remoteWork: true,
      page: 2,
    });
  });

  it('leaves out the first page, flags that are off and unknown or broken values', () => {
    expect(parse('page=0&shiftWork=false&salaryFrom=abc&foo=bar&cityCode=,')).toEqual({});
    expect(toQueryString({ page: 0, occupation: '  ' })).toBe('');
  });

  it('writes exactly the spec parameters and reads them back', () => {
    const state: SearchState = {
      occupation: 'müüja',
      categoryCode: ['IT', 'SALES'],
      businessName: ['Foo, AS'],
      salaryFrom: 900,
      salaryByAgreement: true,
      forStudents: true,
      page: 3,
    };
    const query = toQueryString(state);
    expect(query).toBe('?occupation=m%C3%BC%C3%BCja&categoryCode=IT%2CSALES&businessName=Foo%2C+AS&salaryFrom=900&salaryByAgreement=true&forStudents=true&page=3');
    expect(parseSearchParams(toSearchParams(state))).toEqual(state);
  });
});

describe('the InstantSearch state', () => {
  it('maps to the URL state and back, with one-based pages', () => {
    const state: SearchState = { occupation: 'kokk', cityCode: ['0784'], shiftWork: true, salaryFrom: 1000, salaryPeriod: 'MONTH', page: 1 };
    const ui = stateToUi(state);
    expect(ui).toEqual({ query: 'kokk', refinementList: { cityCode: ['0784'] }, toggle: { shiftWork: true }, salary: { from: 1000, period: 'MONTH' }, page: 2 });
    expect(uiToState(ui)).toEqual(state);
    expect(uiToState({ page: 1, toggle: { remoteWork: false } })).toEqual({});
  });
});
