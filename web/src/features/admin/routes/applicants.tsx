import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ensureNamespace } from '@/shared/i18n';
import { useUrlSorting } from '@/shared/lib/use-url-sorting';
import { Page } from '@/shared/ui/page';

import { type AdminApplicant, useAdminApplicants } from '../api/get-applicants';
import { DeleteApplicantDialog } from '../components/delete-applicant-dialog';
import { PeopleTable, PersonActions } from '../components/people-table';
import { type AuditedPerson, PersonAuditDrawer } from '../components/person-audit-drawer';
import { PEOPLE_SORTS } from '../lib/sort-fields';
import { useListSearch } from '../lib/use-list-search';
import { texts } from '../texts';

export const loader = () => ensureNamespace('admin', texts);

/** `/admin/applicants[?search&sort&order&page]`: the applicants, found by e-mail or name; log in as one, or delete one after typing the username. */
export function Component() {
  const { t } = useTranslation('admin');
  const list = useListSearch();
  const sorting = useUrlSorting(PEOPLE_SORTS);
  const [auditing, setAuditing] = useState<AuditedPerson | null>(null);
  const applicants = useAdminApplicants(list.search, list.page, sorting.sorting);
  const [deleting, setDeleting] = useState<AdminApplicant | null>(null);
  const people = applicants.data?.content ?? [];
  return (
    <Page title={t('people.applicantsTitle')} size="lg">
      <PeopleTable
        label={t('people.applicantsTitle')}
        list={list}
        sorting={sorting}
        query={applicants}
        people={people}
        columns={[
          { header: t('people.cvs'), cell: (person) => person.cvs },
          { header: t('people.applications'), cell: (person) => person.applications },
        ]}
        actions={{
          header: t('companies.actions'),
          cell: (person) => (
            <PersonActions email={person.email} to="/account/profile" onAudit={() => setAuditing(person)}>
              <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(person)} aria-label={t('people.deleteNamed', { name: person.email })}>
                {t('invoices.delete')}
              </Button>
            </PersonActions>
          ),
        }}
      />
      <DeleteApplicantDialog applicant={deleting} onClose={() => setDeleting(null)} />
      <PersonAuditDrawer person={auditing} onClose={() => setAuditing(null)} />
    </Page>
  );
}
