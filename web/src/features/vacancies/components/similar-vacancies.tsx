import { Stack, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import type { Language } from '@/shared/i18n/languages';
import { VacancyCard } from '@/shared/vacancies/vacancy-card';

import { useSimilarVacancies } from '../api/get-similar-vacancies';

/** "Similar vacancies" below a vacancy: up to five cards; nothing at all while none (or on a failure). */
export function SimilarVacancies({ vacancyId, language }: { vacancyId: string; language: Language }) {
  const { t } = useTranslation();
  const headingId = useId();
  const similar = useSimilarVacancies(vacancyId);
  if (!similar.data?.length) return null;
  return (
    <Stack gap="md" component="section" aria-labelledby={headingId} mt="lg">
      <Title order={2} size="h3" id={headingId}>
        {t('vacancy.similar')}
      </Title>
      {similar.data.map((vacancy) => (
        <VacancyCard key={vacancy.vacancyId} vacancy={vacancy} language={language} />
      ))}
    </Stack>
  );
}
