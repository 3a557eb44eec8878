import { Button, Container, Group, Paper, SegmentedControl, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';

import { ensureNamespace } from '@/shared/i18n';
import { useLanguage, useLocalizedPath } from '@/shared/i18n/use-language';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';
import { MessagePage } from '@/shared/ui/message-page';
import { VacancyView } from '@/shared/vacancies/vacancy-view';

import { useEmployerVacancy } from '../api/get-employer-vacancy';
import { useVacancyPreview } from '../api/get-vacancy-preview';
import { brandingOf } from '../lib/branding';
import { editorPath } from '../lib/paths';
import { parseStep } from '../lib/steps';
import { texts } from '../locales/texts';

export const loader = () => ensureNamespace('vacancyEditor', texts);

/**
 * `/employer/account/my-vacancies/{vacancyId}/preview`: the vacancy in any state as job seekers
 * will see it, drawn by the public page's own view, with or without its branding.
 */
export function Component() {
  const { t } = useTranslation('vacancyEditor');
  const language = useLanguage();
  const to = useLocalizedPath();
  const { vacancyId = '' } = useParams();
  const [params] = useSearchParams();
  const preview = useVacancyPreview(vacancyId, language);
  const vacancy = useEmployerVacancy(vacancyId);
  const [branded, setBranded] = useState<'with' | 'without'>('with');

  if (preview.isPending || vacancy.isPending) return <FullScreenLoader />;
  if (preview.isError || vacancy.isError) return <MessagePage title={t('translation:notFound.title')} text={t('wizard.notFound')} />;
  const branding = brandingOf(vacancy.data);
  return (
    <>
      <Container size="xl" pt="md" w="100%">
        <Paper withBorder p="sm" radius="md" bg="blue.0" role="region" aria-label={t('preview.title')}>
          <Group justify="space-between" gap="sm">
            <Text fw={600}>{t('preview.banner')}</Text>
            <Group gap="sm">
              <SegmentedControl
                value={branded}
                onChange={(value) => setBranded(value as 'with' | 'without')}
                aria-label={t('preview.branding')}
                data={[
                  { value: 'with', label: t('preview.withBranding') },
                  { value: 'without', label: t('preview.withoutBranding') },
                ]}
              />
              <Button component={Link} to={to(editorPath(vacancyId, parseStep(params.get('from'))))} variant="default" leftSection={<IconArrowLeft size={16} />}>
                {t('preview.back')}
              </Button>
            </Group>
          </Group>
        </Paper>
      </Container>
      <VacancyView
        vacancy={preview.data}
        language={language}
        branding={{ data: branded === 'with' ? branding : undefined, loading: false }}
        closedNotice={false}
      />
    </>
  );
}
