import { Group, Select, Table, type TableThProps, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { ariaSort, type SortField, type Sorting } from '@/shared/lib/sorting';

interface SortableThProps extends Omit<TableThProps, 'children' | 'onClick'> {
  label: string;
  field: string;
  sorting: Sorting;
  onSort(field: string): void;
}

/** A table's column header that sorts the list: a button (its name is the column's), and `aria-sort` telling the order. */
export function SortableTh({ label, field, sorting, onSort, ...th }: SortableThProps) {
  const state = ariaSort(sorting, field);
  const Icon = state === 'ascending' ? IconSortAscending : state === 'descending' ? IconSortDescending : IconArrowsSort;
  return (
    <Table.Th aria-sort={state} {...th}>
      <UnstyledButton onClick={() => onSort(field)} fw="inherit" fz="inherit">
        <Group gap={4} wrap="nowrap" justify={th.ta === 'right' ? 'flex-end' : undefined}>
          <span>{label}</span>
          <Icon size={14} aria-hidden opacity={state === 'none' ? 0.5 : 1} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

interface SortSelectProps<F extends string> {
  fields: readonly SortField<F>[];
  /** The label of each field, as its column says it. */
  labels: Record<F, string>;
  sorting: Sorting<F>;
  onChange(sorting: Sorting<F>): void;
}

/** Where a list has no column headers (cards, a phone): one select of every field in both directions. */
export function SortSelect<F extends string>({ fields, labels, sorting, onChange }: SortSelectProps<F>) {
  const { t } = useTranslation();
  const data = fields.flatMap(({ field }) =>
    (['asc', 'desc'] as const).map((order) => ({ value: `${field}:${order}`, label: t('sort.option', { field: labels[field], direction: t(`sort.${order}`) }) })),
  );
  return (
    <Select
      label={t('sort.label')}
      data={data}
      value={`${sorting.sort}:${sorting.order}`}
      allowDeselect={false}
      checkIconPosition="right"
      w={{ base: '100%', xs: 280 }}
      onChange={(value) => {
        if (!value) return;
        const [sort, order] = value.split(':') as [F, 'asc' | 'desc'];
        onChange({ sort, order });
      }}
    />
  );
}
