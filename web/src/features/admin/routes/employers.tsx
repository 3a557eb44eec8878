import { Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ensureNamespace } from '@/shared/i18n';
import { useUrlSorting } from '@/shared/lib/use-url-sorting';
import { Page } from '@/shared/ui/page';

import { useAdminEmployers } from '../api/get-employers';
import { PeopleTable, PersonActions } from '../components/people-table';
import { type AuditedPerson, PersonAuditDrawer } from '../components/person-audit-drawer';
import { PEOPLE_SORTS } from '../lib/sort-fields';
import { useListSearch } from '../lib/use-list-search';
import { texts } from '../texts';

export const loader = () => ensureNamespace('admin', texts);

/** `/admin/employers[?search&sort&order&page]`: the employers, found by e-mail or name, with their companies; log in as one. */
export function Component() {
  const { t } = useTranslation('admin');
  const list = useListSearch();
  const sorting = useUrlSorting(PEOPLE_SORTS);
  const [auditing, setAuditing] = useState<AuditedPerson | null>(null);
  const employers = useAdminEmployers(list.search, list.page, sorting.sorting);
  const people = employers.data?.content ?? [];
  return (
    <Page title={t('people.employersTitle')} size="lg">
      <PeopleTable
        label={t('people.employersTitle')}
        list={list}
        sorting={sorting}
        query={employers}
        people={people}
        columns={[
          { header: t('people.companies'), cell: (person) => (person.companies.length ? person.companies.join(', ') : <Text c="dimmed">—</Text>), wide: true },
        ]}
        actions={{
          header: t('companies.actions'),
          cell: (person) => (
            <PersonActions email={person.email} to="/employer/account/my-vacancies" onAudit={() => setAuditing(person)} />
          ),
        }}
      />
      <PersonAuditDrawer person={auditing} onClose={() => setAuditing(null)} />
    </Page>
  );
}
