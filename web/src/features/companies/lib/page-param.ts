/** The zero-based `page` query parameter; anything else is the first page. */
export function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 0;
}

/** Sets the page in the query, leaving it out on the first page. */
export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page > 0) next.set('page', String(page));
  else next.delete('page');
  return next;
}
