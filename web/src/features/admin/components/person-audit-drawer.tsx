import { Drawer } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { AuditEntries } from './audit-entries';

/** A person of the employers or applicants list. */
export interface AuditedPerson {
  userId: string;
  email: string;
}

/** The audit entries a person made or was the target of, beside the list they were opened from. */
export function PersonAuditDrawer({ person, onClose }: { person: AuditedPerson | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Drawer opened={!!person} onClose={onClose} position="right" size="xl" title={person ? t('ownAudit.personTitle', { name: person.email }) : ''}>
      {person && <AuditEntries key={person.userId} subject={{ userId: person.userId }} label={t('ownAudit.personTitle', { name: person.email })} />}
    </Drawer>
  );
}
