/** The list's state in the URL: `?search=` (trimmed) and the zero-based `page`, left out on the first page. */
export function readListParams(params: URLSearchParams): { search: string; page: number } {
  const page = Number(params.get('page'));
  return { search: (params.get('search') ?? '').trim(), page: Number.isInteger(page) && page > 0 ? page : 0 };
}

/** The URL of `search` and `page`; the other parameters of `base` (the sorting) stay. */
export function writeListParams(search: string, page: number, base?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  params.delete('search');
  params.delete('page');
  if (search.trim()) params.set('search', search.trim());
  if (page > 0) params.set('page', String(page));
  return params;
}
