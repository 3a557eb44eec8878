import { List, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { estonianDate } from '@/shared/vacancies/format';

import { useCvViews } from '../api/get-cv-views';

/** Which companies opened the CV in the CV database: each with its last day and how many times. */
export function CvViews({ cvId }: { cvId: string }) {
  const { t } = useTranslation('cv');
  const views = useCvViews(cvId);
  const headingId = `cv-views-${cvId}`;
  return (
    <Stack gap={4} component="section" aria-labelledby={headingId}>
      <Text size="sm" fw={600} id={headingId}>
        {t('views.title')}
      </Text>
      {views.isPending && <Loader size="xs" aria-label={t('translation:common.loading')} />}
      {views.isError && (
        <Text size="sm" c="red">
          {t('views.loadFailed')}
        </Text>
      )}
      {views.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('views.none')}
        </Text>
      )}
      {!!views.data?.length && (
        <List size="sm" spacing={2}>
          {views.data.map((view) => (
            <List.Item key={`${view.businessName}-${view.lastViewedOn}`}>
              {t('views.company', { name: view.businessName, date: estonianDate(view.lastViewedOn), count: view.views })}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
