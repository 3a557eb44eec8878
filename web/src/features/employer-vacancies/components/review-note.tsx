import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { EmployerVacancy } from '../api/get-my-vacancies';
import { NAMESPACE } from '../texts';

/** Where the vacancy stands with moderation, when that holds it back: waiting for review, or rejected or taken down with the reason. */
export function ReviewNote({ vacancy }: { vacancy: EmployerVacancy }) {
  const { t } = useTranslation(NAMESPACE);
  const { status, reason } = vacancy.review;
  if (status === 'PENDING') {
    return (
      <Badge color="orange" variant="light" style={{ textTransform: 'none' }}>
        {t('review.PENDING')}
      </Badge>
    );
  }
  if (status === 'REJECTED' || status === 'TAKEN_DOWN') {
    return (
      <Text size="sm" c="red.9" role="note">
        {t(`review.${status}`, { reason: reason ?? '' })}
      </Text>
    );
  }
  return null;
}
