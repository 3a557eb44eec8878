import { useSearchParams } from 'react-router';

import { nextSorting, readSorting, type SortField, type Sorting, writeSorting } from './sorting';

/**
 * A list's sorting kept in the URL (`?sort=&order=`, defaults left out). Choosing another starts
 * again from the first page; the other parameters stay.
 */
export function useUrlSorting<F extends string>(fields: readonly SortField<F>[]): UrlSorting<F> {
  const [params, setParams] = useSearchParams();
  const sorting = readSorting(params, fields);
  const choose = (next: Sorting<F>) => {
    const written = writeSorting(new URLSearchParams(params), next, fields);
    written.delete('page');
    setParams(written);
  };
  return { sorting, fields, choose, sortBy: (field: F) => choose(nextSorting(sorting, field, fields)) };
}

/** What a list's controls need of its sorting (methods, so that a list of known fields is a list of strings). */
export interface UrlSorting<F extends string = string> {
  sorting: Sorting<F>;
  fields: readonly SortField<F>[];
  choose(next: Sorting<F>): void;
  /** A click on the field's column header. */
  sortBy(field: F): void;
}
