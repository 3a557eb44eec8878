import { Button, Group, Table } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ensureNamespace } from '@/shared/i18n';
import { Page } from '@/shared/ui/page';
import { estonianDate } from '@/shared/vacancies/format';

import { type AdminApplicant, useAdminApplicants } from '../api/get-applicants';
import { DeleteApplicantDialog } from '../components/delete-applicant-dialog';
import { LogInAsButton } from '../components/log-in-as-button';
import { PeopleTable, PersonCell } from '../components/people-table';
import { type AuditedPerson, PersonAuditDrawer } from '../components/person-audit-drawer';
import { useListSearch } from '../lib/use-list-search';
import { texts } from '../texts';

export const loader = () => ensureNamespace('admin', texts);

/** `/admin/applicants[?search&page]`: the applicants, found by e-mail or name; log in as one, or delete one after typing the username. */
export function Component() {
  const { t } = useTranslation('admin');
  const list = useListSearch();
  const [auditing, setAuditing] = useState<AuditedPerson | null>(null);
  const applicants = useAdminApplicants(list.search, list.page);
  const [deleting, setDeleting] = useState<AdminApplicant | null>(null);
  const people = applicants.data?.content ?? [];
  return (
    <Page title={t('people.applicantsTitle')} size="lg">
      <PeopleTable
        list={list}
        query={applicants}
        empty={applicants.isSuccess && people.length === 0}
        headers={[t('people.person'), t('people.cvs'), t('people.applications'), t('people.registered'), t('people.lastLogin'), t('companies.actions')]}
        rows={people.map((person) => (
          <Table.Tr key={person.userId}>
            <Table.Td>
              <PersonCell firstname={person.firstname} lastname={person.lastname} email={person.email} phone={person.phoneNumber} />
            </Table.Td>
            <Table.Td>{person.cvs}</Table.Td>
            <Table.Td>{person.applications}</Table.Td>
            <Table.Td>{estonianDate(person.createdAt)}</Table.Td>
            <Table.Td>{estonianDate(person.lastLoginAt) ?? '—'}</Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <div>
                  <LogInAsButton username={person.email} to="/account/profile" label={t('people.logInAs')} ariaLabel={t('people.logInAsNamed', { name: person.email })} />
                </div>
                <Button size="xs" variant="subtle" onClick={() => setAuditing(person)} aria-label={t('ownAudit.historyNamed', { name: person.email })}>
                  {t('ownAudit.history')}
                </Button>
                <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(person)} aria-label={t('people.deleteNamed', { name: person.email })}>
                  {t('invoices.delete')}
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      />
      <DeleteApplicantDialog applicant={deleting} onClose={() => setDeleting(null)} />
      <PersonAuditDrawer person={auditing} onClose={() => setAuditing(null)} />
    </Page>
  );
}
