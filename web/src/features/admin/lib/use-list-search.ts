import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { readListParams, writeListParams } from './search-params';

/**
 * A searched, paged list's state in the URL (`?search=&page=`, beside the list's sorting): the text as typed (applied after
 * half a second of quiet, from the first page) and the page.
 */
export function useListSearch() {
  const [params, setParams] = useSearchParams();
  const { search, page } = readListParams(params);
  const [typed, setTyped] = useState(search);
  const apply = useDebouncedCallback((value: string) => setParams((current) => writeListParams(value, 0, current), { replace: true }), 500);
  return {
    search,
    page,
    typed,
    type: (value: string) => {
      setTyped(value);
      apply(value);
    },
    setPage: (next: number) => setParams(writeListParams(search, next, params)),
  };
}
