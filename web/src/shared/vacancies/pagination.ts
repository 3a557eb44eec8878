export type Slot = { kind: 'page'; page: number } | { kind: 'gap'; key: string };

/**
 * The numbered slots of the pager (zero-based pages): `slots` numbers around the current page with
 * the first and last always reachable, gaps shown as ellipses (5 slots from 1024 px, 3 below).
 */
export function pageSlots(current: number, total: number, slots: number): Slot[] {
  if (total <= 0) return [];
  const page = Math.min(Math.max(current, 0), total - 1);
  if (total <= slots) return Array.from({ length: total }, (_, index) => ({ kind: 'page', page: index }));
  let start = Math.max(0, page - Math.floor(slots / 2));
  const end = Math.min(total - 1, start + slots - 1);
  start = Math.max(0, end - slots + 1);
  const result: Slot[] = [];
  if (start > 0) {
    result.push({ kind: 'page', page: 0 });
    if (start > 1) result.push({ kind: 'gap', key: 'start' });
  }
  for (let index = start; index <= end; index += 1) result.push({ kind: 'page', page: index });
  if (end < total - 1) {
    if (end < total - 2) result.push({ kind: 'gap', key: 'end' });
    result.push({ kind: 'page', page: total - 1 });
  }
  return result;
}
