import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { useDeleteVisitorAlert } from '../api/delete-visitor-alert';
import { useUpdateVisitorAlert } from '../api/update-visitor-alert';
import type { VisitorAlerts as Alerts } from '../api/types';
import { NAMESPACE } from '../texts';
import { AlertList } from './alert-list';

/** A visitor's alerts with their changes made through the token of a mail's link. */
export function VisitorAlerts({ token, alerts }: { token: string; alerts: Alerts }) {
  const { t } = useTranslation(NAMESPACE);
  const update = useUpdateVisitorAlert(token);
  const remove = useDeleteVisitorAlert(token);
  if (alerts.savedSearches.length === 0) return <Text c="dimmed">{t('manage.empty')}</Text>;
  return (
<AlertList searches={alerts.savedSearches} showConfirmation update={update} remove={remove} />
  );
}
