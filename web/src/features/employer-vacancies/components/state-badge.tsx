import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { DisplayedState } from '../lib/actions';
import { NAMESPACE } from '../texts';

const COLOR: Record<DisplayedState, string> = {
  DRAFT: 'gray',
  WAITING_FOR_PAYMENT: 'orange',
  WAITING_FOR_PUBLICATION: 'cyan',
  ACTIVE: 'green',
  HIDDEN: 'yellow',
  FINISHED: 'indigo',
  ARCHIVED: 'dark',
  CV_DATABASE: 'violet',
  DELETED: 'red',
};

/** The displayed state of a vacancy, as the server derives it. */
export function StateBadge({ state }: { state: DisplayedState }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Badge color={COLOR[state]} variant="light" style={{ textTransform: 'none' }}>
      {t(`state.${state}`)}
    </Badge>
  );
}
