import { Badge, Card, Group, Loader, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Pager } from '@/shared/vacancies/pager';

import type { useListSearch } from '../lib/use-list-search';
import { ListStatus } from './list-status';

interface PeopleTableProps {
  list: ReturnType<typeof useListSearch>;
  /** The query's state: its page's total, whether it is loading, its error. */
  query: { data?: { totalElements: number; totalPages: number }; isPending: boolean; isFetching: boolean; isError: boolean; error: unknown };
  headers: string[];
  rows: ReactNode;
  empty: boolean;
}

/** A searched, paged table of people: the search field, the count, the rows and the pager. */
export function PeopleTable({ list, query, headers, rows, empty }: PeopleTableProps) {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <TextInput
          label={t('people.search')}
          value={list.typed}
          onChange={(event) => list.type(event.currentTarget.value)}
          maxLength={100}
          w={{ base: '100%', sm: 360 }}
          rightSection={query.isFetching ? <Loader size="xs" /> : null}
        />
        {query.data && <Badge variant="light">{t('companies.total', { count: query.data.totalElements })}</Badge>}
      </Group>
      <Card withBorder padding={0}>
        <ScrollArea type="auto">
          <Table striped highlightOnHover verticalSpacing="sm" miw={900}>
            <Table.Thead>
              <Table.Tr>
                {headers.map((header) => (
                  <Table.Th key={header}>{header}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{rows}</Table.Tbody>
          </Table>
        </ScrollArea>
        {empty && !query.isPending && (
          <Text c="dimmed" p="md">
            {t('people.empty')}
          </Text>
        )}
        <ListStatus query={query} />
      </Card>
      <Pager page={list.page} total={query.data?.totalPages ?? 0} onChange={list.setPage} />
    </Stack>
  );
}

/** A person's name and e-mail in a cell. */
export function PersonCell({ firstname, lastname, email, phone }: { firstname?: string | null; lastname?: string | null; email: string; phone?: string | null }) {
  const name = [firstname, lastname].filter(Boolean).join(' ');
  return (
    <>
      <Text fw={600}>{name || email}</Text>
      {name && (
        <Text size="xs" c="dimmed">
          {email}
        </Text>
      )}
      {phone && (
        <Text size="xs" c="dimmed">
          {phone}
        </Text>
      )}
    </>
  );
}
