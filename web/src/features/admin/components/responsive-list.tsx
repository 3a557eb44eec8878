import { Box, Card, Group, ScrollArea, SimpleGrid, Stack, Table, type TableProps, type TableTdProps, Text } from '@mantine/core';
import { useElementSize, useMediaQuery } from '@mantine/hooks';
import { type Key, type ReactNode, useState } from 'react';

import type { UrlSorting } from '@/shared/lib/use-url-sorting';
import { SortableTh, SortSelect } from '@/shared/ui/sort-controls';
import { CURRENT_ROWS, STALE_ROWS, StaleRowsLoader } from '@/shared/ui/stale-rows';

import { ListStatus } from './list-status';
import './responsive-list.css';

/** One column of an admin list: a table cell, a labelled value in a card on a phone. */
export interface ListColumn<T> {
  /** The table's header, the value's label in a card. */
  header: string;
  cell: (row: T) => ReactNode;
  /** A figure: right-aligned in the table. */
  numeric?: boolean;
  /** In a card the value takes the whole width (long texts). */
  wide?: boolean;
  /** More of the table cell (`maw`, `style`). */
  td?: Omit<TableTdProps, 'children'>;
  /** The field of the list's `sorting` this column sorts by: its header becomes a sort button. */
  sort?: string;
}

/** What a list shows of its query. `isPlaceholderData`: the rows are the previous query's (`keepPreviousData`) while this one runs. */
export type ListQuery = { isPending: boolean; isSuccess: boolean; isError: boolean; error: unknown; isPlaceholderData?: boolean };

interface ResponsiveListProps<T> {
  rows: T[];
  rowKey: (row: T) => Key;
  /** The first column heads a card, without its label; the others follow as label and value. */
  columns: ListColumn<T>[];
  /** The row's buttons, links and switches, side by side: the table's last column, a card's foot. */
  actions?: ListColumn<T>;
  /** A card's accessible name. */
  cardLabel: (row: T) => string;
  /** The accessible name of the table, of the region it scrolls sideways in, and of the cards' group. */
  label: string;
  /** The table's minimum width: where the list has less room (a tablet, a desktop with the sidebar),
   * the table scrolls sideways in its region. */
  minWidth: number;
  table?: Omit<TableProps, 'children' | 'miw'>;
  /** In a bordered card of its own; false inside a section. */
  framed?: boolean;
  /** The list's query: a loader while it runs, its error, and `empty` when it found nothing. */
  query?: ListQuery;
  empty?: string;
  /** The list's sorting: sortable headers in the table, a sort select above the cards. */
  sorting?: UrlSorting;
  /** What the rows are filtered by, the page aside (a search, a filter's fields). */
  filter?: unknown;
}

/** Below Mantine's `sm` (48em, 768 px): a phone, where a table would scroll sideways. Known on the first render. */
export function usePhone(): boolean {
  return useMediaQuery('(max-width: 47.99em)', undefined, { getInitialValueInEffect: false }) ?? false;
}

/** The room from which the cards go two side by side (a large phone held sideways). */
const TWO_CARDS = 640;

const VALUE = { overflowWrap: 'anywhere', minWidth: 0 } as const;
/** A value's `Text` without a size of its own is small too. */
const SMALL_TEXT = { '--text-fz': 'var(--mantine-font-size-sm)' };

function RowCard<T>({ row, columns, actions, label }: { row: T; columns: ListColumn<T>[]; actions?: ListColumn<T>; label: string }) {
  const [head, ...rest] = columns;
  const buttons = actions?.cell(row);
  return (
    <Card withBorder padding="sm" radius="md" component="article" aria-label={label}>
      <Stack gap="xs">
        {head && <Box style={VALUE}>{head.cell(row)}</Box>}
        {rest.length > 0 && (
          <SimpleGrid cols={2} spacing="sm" verticalSpacing={6}>
            {rest.map((column) => (
              <Box key={column.header} style={column.wide ? { ...VALUE, gridColumn: '1 / -1' } : VALUE}>
                <Text size="xs" c="dimmed">
                  {column.header}
                </Text>
                <Box fz="sm" __vars={SMALL_TEXT}>
                  {column.cell(row)}
                </Box>
              </Box>
            ))}
          </SimpleGrid>
        )}
        {buttons != null && buttons !== false && (
          <Group gap="xs" align="flex-start">
            {buttons}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/**
 * Whether the rows on screen answer another sorting or filter than the one asked for: its query runs
 * and the previous answer stands in (`keepPreviousData`), in an order that is not the one its headers
 * now show. Another page of the same sorting and filter is not: its rows are not read as re-sorted.
 */
function useShowsOtherCriteria(criteria: string, isPlaceholderData: boolean): boolean {
  // the criteria of the last rows that were the query's own answer
  const [answered, setAnswered] = useState(criteria);
  if (!isPlaceholderData && answered !== criteria) setAnswered(criteria);
  return isPlaceholderData && answered !== criteria;
}

/**
 * An admin list: a table wherever the window is not a phone's, scrolling sideways in a focusable
 * region where it needs more room than it has (a tablet, a desktop with the sidebar); one card a row
 * below 768 px (the same values, the same actions with the same names). Only one of them is
 * rendered, so every button exists once. An empty list shows only `empty`. While a new sorting or
 * filter loads, the previous rows are dimmed and the list is busy.
 */
export function ResponsiveList<T>({ rows, rowKey, columns, actions, cardLabel, label, minWidth, table, framed = true, query, empty, sorting, filter }: ResponsiveListProps<T>) {
  // the cards' own width (0 until measured, and where nothing measures it): two side by side where there is room
  const { ref, width } = useElementSize();
  // the table's header: the loader over stale rows goes just below it
  const head = useElementSize<HTMLTableSectionElement>();
  const cards = usePhone();
  const busy = useShowsOtherCriteria(JSON.stringify([sorting?.sorting, filter]), query?.isPlaceholderData ?? false);
  const footer = query && (
    <>
      {empty && query.isSuccess && rows.length === 0 && (
        <Text c="dimmed" p={framed && !cards ? 'md' : 0}>
          {empty}
        </Text>
      )}
      <ListStatus query={query} />
    </>
  );
  if (cards) {
    return (
      <Stack ref={ref} gap="sm" role="group" aria-label={label} aria-busy={busy || undefined}>
        {sorting && <CardsSortSelect columns={columns} sorting={sorting} />}
        {rows.length > 0 && (
          <Box pos="relative">
            {busy && <StaleRowsLoader top={12} />}
            <SimpleGrid cols={width >= TWO_CARDS ? 2 : 1} spacing="sm" verticalSpacing="sm" style={busy ? STALE_ROWS : CURRENT_ROWS}>
              {rows.map((row) => (
                <RowCard key={rowKey(row)} row={row} columns={columns} actions={actions} label={cardLabel(row)} />
              ))}
            </SimpleGrid>
          </Box>
        )}
        {footer}
      </Stack>
    );
  }
  const all = actions ? [...columns, actions] : columns;
  const list = rows.length > 0 && (
    <ScrollArea
      type="auto"
      offsetScrollbars="x"
      data-testid="list-table"
      // axe's scrollable-region-focusable: a table wider than its room scrolls by keyboard too
      viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': label, 'aria-busy': busy || undefined }}
      classNames={{ viewport: 'vakants-list-scroll' }}
    >
      <Table verticalSpacing="sm" {...table} miw={minWidth} aria-label={label}>
        <Table.Thead ref={head.ref}>
          <Table.Tr>
            {all.map((column) =>
              sorting && column.sort ? (
                <SortableTh
                  key={column.header}
                  label={column.header}
                  field={column.sort}
                  sorting={sorting.sorting}
                  onSort={sorting.sortBy}
                  ta={column.numeric ? 'right' : undefined}
                />
              ) : (
                <Table.Th key={column.header} ta={column.numeric ? 'right' : undefined}>
                  {column.header}
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody style={busy ? STALE_ROWS : CURRENT_ROWS}>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Td key={column.header} ta={column.numeric ? 'right' : undefined} {...column.td}>
                  {column.cell(row)}
                </Table.Td>
              ))}
              {actions && (
                <Table.Td {...actions.td}>
                  <Group gap="xs" wrap="nowrap" align="flex-start">
                    {actions.cell(row)}
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {busy && <StaleRowsLoader top={head.height + 16} />}
    </ScrollArea>
  );
  if (!framed) {
    return (
      <Box>
        {list}
        {footer}
      </Box>
    );
  }
  return (
    <Card withBorder padding={0}>
      {list}
      {footer}
    </Card>
  );
}

/** The cards' sort select: the sortable columns' headers name its fields. */
function CardsSortSelect<T>({ columns, sorting }: { columns: ListColumn<T>[]; sorting: UrlSorting }) {
  const labels = Object.fromEntries(columns.filter((column) => column.sort).map((column) => [column.sort, column.header]));
  const fields = sorting.fields.filter((field) => field.field in labels);
  return <SortSelect fields={fields} labels={labels} sorting={sorting.sorting} onChange={sorting.choose} />;
}

/** A cell's main line (bold unless `plain`) with a small dimmed note below it. */
export function TwoLines({ main, note, plain = false }: { main: ReactNode; note?: ReactNode; plain?: boolean }) {
  return (
    <>
      {plain ? <Text>{main}</Text> : <Text fw={600}>{main}</Text>}
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </>
  );
}
