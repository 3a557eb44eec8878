import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { NAMESPACE } from '../texts';

/**
 * The candidate's actions of the other parts of issue 17: "Invite to interview" (the dialog in
 * `shared/interviews/`) and "Message" (starting a chat) are placed here when those parts are
 * merged. It renders what it is given and nothing of its own.
 */
export function CandidateActions({ children }: { applicationId: string; children?: ReactNode }) {
  const { t } = useTranslation(NAMESPACE);
  if (!children) return null;
  return (
    <Group role="group" aria-label={t('actions')} gap="xs" data-slot="candidate-actions">
      {children}
    </Group>
  );
}
