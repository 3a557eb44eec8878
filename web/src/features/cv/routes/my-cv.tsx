import { Badge, Button, Card, Center, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { ensureNamespace } from '@/shared/i18n';
import { useLocalizedPath } from '@/shared/i18n/use-language';
import { useCreationLink } from '@/shared/session/creation';
import { notifySuccess } from '@/shared/ui/notify';
import { Page } from '@/shared/ui/page';
import { estonianDate } from '@/shared/vacancies/format';

import { useDeleteCv } from '../api/delete-cv';
import { useMyCvs } from '../api/get-my-cvs';
import { useSetVisibility } from '../api/set-visibility';
import type { CvSummary } from '../api/types';
import { CvViews } from '../components/cv-views';
import { GeneratedPdfButton } from '../components/generated-pdf-button';
import { texts } from '../locales/texts';

export const loader = () => ensureNamespace('cv', texts);

function CvCard({ cv, onDelete }: { cv: CvSummary; onDelete: (cv: CvSummary) => void }) {
  const { t } = useTranslation('cv');
  const to = useLocalizedPath();
  const visibility = useSetVisibility();
  const title = cv.title || t('myCvs.untitled');
  const visible = cv.visibility === 'VISIBLE';
  function toggle() {
    const next = visible ? 'HIDDEN' : 'VISIBLE';
    visibility.mutate({ cvId: cv.cvId, visibility: next }, { onSuccess: () => notifySuccess(t(next === 'VISIBLE' ? 'myCvs.nowVisible' : 'myCvs.nowHidden')) });
  }
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={title}>
      <Stack gap="xs">
        <Stack gap={4}>
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {t('myCvs.updated', { date: estonianDate(cv.updatedAt) })}
          </Text>
        </Stack>
        <Group gap="xs">
          <Badge color={visible ? 'green' : 'gray'} variant="light" title={visible ? t('myCvs.visibleHint') : t('myCvs.hiddenHint')}>
            {visible ? t('myCvs.visible') : t('myCvs.hidden')}
          </Badge>
          {cv.status === 'DRAFT' && (
            <Badge color="yellow" variant="light">
              {t('myCvs.draft')}
            </Badge>
          )}
          {cv.pdf && (
            <Badge color="blue" variant="outline" style={{ textTransform: 'none', maxWidth: '100%' }}>
              {t('myCvs.pdf', { name: cv.pdf.name })}
            </Badge>
          )}
        </Group>
        {cv.status === 'ACTIVE' && <CvViews cvId={cv.cvId} />}
        <Group gap="xs">
          <Button component={Link} to={to(`/account/create-cv?cvId=${cv.cvId}`)} size="xs" variant="light">
            {t('myCvs.edit')}
          </Button>
          <GeneratedPdfButton cvId={cv.cvId} />
          <Button size="xs" variant="subtle" onClick={toggle} loading={visibility.isPending}>
            {visible ? t('myCvs.hideFromDatabase') : t('myCvs.showInDatabase')}
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => onDelete(cv)}>
            {t('myCvs.delete')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** `/account/my-cv`: the applicant's CVs with their visibility, and the way to a new one. */
export function Component() {
  const { t } = useTranslation('cv');
  const creationLink = useCreationLink();
  const cvs = useMyCvs();
  const remove = useDeleteCv();
  const [doomed, setDoomed] = useState<CvSummary | null>(null);

  function confirmDelete() {
    if (!doomed) return;
    remove.mutate(doomed.cvId, {
      onSuccess: () => {
        setDoomed(null);
        notifySuccess(t('myCvs.deleted'));
      },
    });
  }

  let body;
  if (cvs.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label={t('translation:common.loading')} />
      </Center>
    );
  } else if (!cvs.data || cvs.data.length === 0) {
    body = (
      <Card withBorder padding="xl" radius="md">
        <Stack align="center" gap="sm" ta="center">
          <Title order={2} size="h3">
            {t('myCvs.emptyTitle')}
          </Title>
          <Text c="dimmed" maw={480}>
            {t('myCvs.emptyText')}
          </Text>
          <Button component={Link} {...creationLink('cv')}>
            {t('myCvs.create')}
          </Button>
        </Stack>
      </Card>
    );
  } else {
    body = (
      <Stack gap="md">
        <Group>
          <Button component={Link} {...creationLink('cv')}>
            {t('myCvs.create')}
          </Button>
        </Group>
        {cvs.data.map((cv) => (
          <CvCard key={cv.cvId} cv={cv} onDelete={setDoomed} />
        ))}
      </Stack>
    );
  }

  return (
    <Page title={t('myCvs.title')}>
      {body}
      <Modal opened={!!doomed} onClose={() => setDoomed(null)} title={t('myCvs.deleteTitle')} centered>
        <Stack>
          <Text>{t('myCvs.deleteText', { title: doomed?.title || t('myCvs.untitled') })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDoomed(null)}>
              {t('translation:common.cancel')}
            </Button>
            <Button color="red" onClick={confirmDelete} loading={remove.isPending}>
              {t('myCvs.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Page>
  );
}
