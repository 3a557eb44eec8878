import { Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { estonianDate } from '@/shared/vacancies/format';

import { useRemoveSavedCv, useSaveCv, useSavedCvs } from '../api/saved-cvs';
import { NAMESPACE } from '../locales/texts';
import { AddToVacancyButton } from './add-to-vacancy';
import { MessageCvButton } from './message-cv';
import { OpenCvButton } from './open-cv';

/** The saved tab: the company's saved CVs, each removable. */
export function SavedCvs() {
  const { t } = useTranslation(NAMESPACE);
  const saved = useSavedCvs();
  const remove = useRemoveSavedCv();
  if (saved.isPending) return <Loader aria-label={t('translation:common.loading')} />;
  if (saved.isError)
    return (
      <Text c="red" role="alert">
        {t('loadFailed')}
      </Text>
    );
  if (!saved.data.length) return <Text c="dimmed">{t('saved.empty')}</Text>;
  return (
    <Stack gap="md">
      {saved.data.map((cv) => {
        const name = [cv.firstname, cv.lastname].filter(Boolean).join(' ');
        const title = cv.title || t('search.untitled');
        return (
          <Card key={cv.cvId} withBorder radius="md" padding="md" component="article" aria-label={name ? `${title}, ${name}` : title}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <div>
                <Title order={3} size="h4">
                  {title}
                </Title>
                {name && <Text fw={500}>{name}</Text>}
                <Text size="xs" c="dimmed">
                  {t('saved.savedAt', { date: estonianDate(cv.savedAt) })}
                </Text>
              </div>
              <Group gap="xs" align="flex-start">
                <OpenCvButton cvId={cv.cvId} />
                <AddToVacancyButton cvId={cv.cvId} />
                <MessageCvButton cvId={cv.cvId} />
                <Button variant="default" size="xs" loading={remove.isPending && remove.variables === cv.cvId} onClick={() => remove.mutate(cv.cvId)}>
                  {t('saved.remove')}
                </Button>
              </Group>
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}

/** Saves a CV of the result list, or says it is saved. */
export function SaveCvButton({ cvId, saved }: { cvId: string; saved: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const { mutate, isPending } = useSaveCv();
  if (saved)
    return (
      <Text size="sm" c="teal" fw={500}>
        {t('saved.done')}
      </Text>
    );
  return (
    <Button variant="light" size="xs" loading={isPending} onClick={() => mutate(cvId)}>
      {t('saved.save')}
    </Button>
  );
}
