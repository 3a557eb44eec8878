/**
 * The `sort` and `order` of a paged list (spec: "Paging: page, size, sort … order is asc or
 * desc"), as the API takes them and as the page's URL keeps them. Each list names its fields; the
 * first is the default, and each field has its own default direction (dates newest first, names
 * from A), as the server has.
 */
export type SortOrder = 'asc' | 'desc';

export interface SortField<F extends string = string> {
  field: F;
  /** The direction a first choice of the field takes. */
  order: SortOrder;
}

export interface Sorting<F extends string = string> {
  sort: F;
  order: SortOrder;
}

/** The default of a list: its first field in that field's direction. */
export function defaultSorting<F extends string>(fields: readonly SortField<F>[]): Sorting<F> {
  return { sort: fields[0].field, order: fields[0].order };
}

/** `?sort=&order=` of the URL; a field or direction the list does not know is its default. */
export function readSorting<F extends string>(params: URLSearchParams, fields: readonly SortField<F>[]): Sorting<F> {
  // no `sort` is the first field (`writeSorting` leaves it out), whose `order` may still be given
  const named = params.get('sort');
  const field = named === null ? fields[0] : fields.find((candidate) => candidate.field === named);
  if (!field) return defaultSorting(fields);
  const order = params.get('order');
  return { sort: field.field, order: order === 'asc' || order === 'desc' ? order : field.order };
}

/** Writes `sorting` into `params`, leaving out what is the default. */
export function writeSorting<F extends string>(params: URLSearchParams, sorting: Sorting<F>, fields: readonly SortField<F>[]): URLSearchParams {
  params.delete('sort');
  params.delete('order');
  const field = fields.find((candidate) => candidate.field === sorting.sort);
  if (!field) return params;
  if (field !== fields[0]) params.set('sort', sorting.sort);
  if (sorting.order !== field.order) params.set('order', sorting.order);
  return params;
}

/** A click on a column's header: the same column turns its direction, another starts in its own. */
export function nextSorting<F extends string>(current: Sorting<F>, field: F, fields: readonly SortField<F>[]): Sorting<F> {
  if (current.sort === field) return { sort: field, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { sort: field, order: fields.find((candidate) => candidate.field === field)?.order ?? 'asc' };
}

/** The `aria-sort` of a sortable column's header. */
export function ariaSort(current: Sorting, field: string): 'ascending' | 'descending' | 'none' {
  if (current.sort !== field) return 'none';
  return current.order === 'asc' ? 'ascending' : 'descending';
}
