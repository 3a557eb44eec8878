import { Badge, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { UrlSorting } from '@/shared/lib/use-url-sorting';
import { estonianDate } from '@/shared/vacancies/format';
import { Pager } from '@/shared/vacancies/pager';

import type { useListSearch } from '../lib/use-list-search';
import { LogInAsButton } from './log-in-as-button';
import { type ListColumn, type ListQuery, ResponsiveList } from './responsive-list';

interface PeopleTableProps<T> {
  /** The list's accessible name. */
  label: string;
  list: ReturnType<typeof useListSearch>;
  /** The query's state: its page's total, whether it is loading, its error. */
  query: ListQuery & { data?: { totalElements: number; totalPages: number }; isFetching: boolean };
  people: T[];
  /** The columns between the person (name, e-mail, phone) and the dates (registered, last sign-in). */
  columns: ListColumn<T>[];
  actions: ListColumn<T>;
  sorting: UrlSorting;
}

/** A searched, sorted, paged list of people (a table, cards on a phone): the search field, the count, the rows and the pager. */
export function PeopleTable<T extends Person & { userId: string; createdAt: string; modifiedAt: string; lastLoginAt?: string | null }>({
  label,
  list,
  query,
  people,
  columns,
  actions,
  sorting,
}: PeopleTableProps<T>) {
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
      <ResponsiveList
        rows={people}
        rowKey={(person) => person.userId}
        columns={[
          {
            header: t('people.person'),
            cell: (person) => <PersonCell firstname={person.firstname} lastname={person.lastname} email={person.email} phoneNumber={person.phoneNumber} />,
            sort: 'name',
          },
          ...columns,
          { header: t('people.registered'), cell: (person) => estonianDate(person.createdAt), sort: 'created' },
          { header: t('people.modified'), cell: (person) => estonianDate(person.modifiedAt), sort: 'modified' },
          { header: t('people.lastLogin'), cell: (person) => estonianDate(person.lastLoginAt) ?? '—', sort: 'lastLogin' },
        ]}
        actions={actions}
        cardLabel={(person) => person.email}
        label={label}
        minWidth={1000}
        table={{ striped: true, highlightOnHover: true }}
        query={query}
        empty={t('people.empty')}
        sorting={sorting}
        filter={list.search}
      />
      <Pager page={list.page} total={query.data?.totalPages ?? 0} onChange={list.setPage} />
    </Stack>
  );
}

interface Person {
  firstname?: string | null;
  lastname?: string | null;
  email: string;
  phoneNumber?: string | null;
}

/** A person's name and e-mail in a cell. */
export function PersonCell({ firstname, lastname, email, phoneNumber }: Person) {
  const name = [firstname, lastname].filter(Boolean).join(' ');
  return (
    <>
      <Text fw={600}>{name || email}</Text>
      {name && (
        <Text size="xs" c="dimmed">
          {email}
        </Text>
      )}
      {phoneNumber && (
        <Text size="xs" c="dimmed">
          {phoneNumber}
        </Text>
      )}
    </>
  );
}

/** A listed person's actions: log in as them (landing on `to`), their audit log, then `children`. */
export function PersonActions({ email, to, onAudit, children }: { email: string; to: string; onAudit: () => void; children?: ReactNode }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <div>
        <LogInAsButton username={email} to={to} label={t('people.logInAs')} ariaLabel={t('people.logInAsNamed', { name: email })} />
      </div>
      <Button size="xs" variant="subtle" onClick={onAudit} aria-label={t('ownAudit.historyNamed', { name: email })}>
        {t('ownAudit.history')}
      </Button>
      {children}
    </>
  );
}
