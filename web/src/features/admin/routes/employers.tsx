import { Button, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ensureNamespace } from '@/shared/i18n';
import { Page } from '@/shared/ui/page';
import { estonianDate } from '@/shared/vacancies/format';

import { useAdminEmployers } from '../api/get-employers';
import { LogInAsButton } from '../components/log-in-as-button';
import { PeopleTable, PersonCell } from '../components/people-table';
import { type AuditedPerson, PersonAuditDrawer } from '../components/person-audit-drawer';
import { useListSearch } from '../lib/use-list-search';
import { texts } from '../texts';

export const loader = () => ensureNamespace('admin', texts);

/** `/admin/employers[?search&page]`: the employers, found by e-mail or name, with their companies; log in as one. */
export function Component() {
  const { t } = useTranslation('admin');
  const list = useListSearch();
  const [auditing, setAuditing] = useState<AuditedPerson | null>(null);
  const employers = useAdminEmployers(list.search, list.page);
  const people = employers.data?.content ?? [];
  return (
    <Page title={t('people.employersTitle')} size="lg">
      <PeopleTable
        list={list}
        query={employers}
        empty={employers.isSuccess && people.length === 0}
        headers={[t('people.person'), t('people.companies'), t('people.registered'), t('people.lastLogin'), t('companies.actions')]}
        rows={people.map((person) => (
          <Table.Tr key={person.userId}>
            <Table.Td>
              <PersonCell firstname={person.firstname} lastname={person.lastname} email={person.email} phone={person.phoneNumber} />
            </Table.Td>
            <Table.Td>{person.companies.length ? person.companies.join(', ') : <Text c="dimmed">—</Text>}</Table.Td>
            <Table.Td>{estonianDate(person.createdAt)}</Table.Td>
            <Table.Td>{estonianDate(person.lastLoginAt) ?? '—'}</Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <div>
                  <LogInAsButton
                    username={person.email}
                    to="/employer/account/my-vacancies"
                    label={t('people.logInAs')}
                    ariaLabel={t('people.logInAsNamed', { name: person.email })}
                  />
                </div>
                <Button size="xs" variant="subtle" onClick={() => setAuditing(person)} aria-label={t('ownAudit.historyNamed', { name: person.email })}>
                  {t('ownAudit.history')}
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      />
      <PersonAuditDrawer person={auditing} onClose={() => setAuditing(null)} />
    </Page>
  );
}
