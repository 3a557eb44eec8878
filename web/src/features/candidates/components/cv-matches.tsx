import { Alert, Badge, Button, Card, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { errorText } from '@/shared/api/error-text';
import { BuyCvAccessDialog } from '@/shared/billing/components/buy-cv-access-dialog';
import type { Language } from '@/shared/i18n/languages';
import { useLocalizedPath } from '@/shared/i18n/use-language';
import { reasonLine } from '@/shared/recommendations/lib/reasons';
import { notifySuccess } from '@/shared/ui/notify';
import { estonianDate } from '@/shared/vacancies/format';
import { Pager } from '@/shared/vacancies/pager';
import { type Option, useReference } from '@/shared/vacancies/reference';

import { useAddCvToVacancy } from '../api/add-cv-to-vacancy';
import { CV_MATCHES_PAGE_SIZE, type CvMatch, cvMatchesKey, useCvMatches } from '../api/get-cv-matches';
import { NAMESPACE } from '../texts';

/** The labels of the codes a list knows, in the list's language (unknown codes are left out). */
function labelsOf(codes: string[], options: Option[]): string[] {
  return codes.flatMap((code) => options.find((option) => option.value === code)?.label ?? []);
}

/** "Add to this vacancy": the CV's owner becomes a candidate; a refusal shows on the card in the server's words. */
function AddButton({ vacancyId, cvId }: { vacancyId: string; cvId: string }) {
  const { t } = useTranslation(NAMESPACE);
  const add = useAddCvToVacancy(vacancyId);
  return (
    <Stack gap={6} align="flex-end">
      <Button size="xs" loading={add.isPending} onClick={() => add.mutate(cvId, { onSuccess: (added) => notifySuccess(t('matches.added', { vacancy: added.vacancyLabel })) })}>
        {t('matches.add')}
      </Button>
      {add.isError && (
        <Alert color="yellow" role="alert" p="xs">
          {errorText(add.error)}
        </Alert>
      )}
    </Stack>
  );
}

function MatchCard({ match, access, vacancyId, language }: { match: CvMatch; access: boolean; vacancyId: string; language: Language }) {
  const { t } = useTranslation(NAMESPACE);
  const to = useLocalizedPath();
  const categories = useReference('categories', language);
  const cities = useReference('cities', language);
  const languages = useReference('languages', language);
  const experiences = useReference('workExperiences', language);
  const { summary } = match;
  const title = summary.title || t('cv.untitled');
  const name = match.person ? [match.person.firstname, match.person.lastname].filter(Boolean).join(' ') : '';
  const reasons = reasonLine(match.reasons, language);
  const experience = summary.workExperience ? labelsOf([summary.workExperience], experiences)[0] : undefined;
  const spoken = labelsOf(summary.languageCodes, languages);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={name ? `${title}, ${name}` : title}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div>
            <Title order={3} size="h4">
              {title}
            </Title>
            {name && <Text fw={500}>{name}</Text>}
          </div>
          <Group gap="xs" align="flex-start">
            {match.alreadyCandidate ? (
              <Badge color="teal.9" variant="light">
                {t('matches.alreadyCandidate')}
              </Badge>
            ) : (
              access && <AddButton vacancyId={vacancyId} cvId={match.cvId} />
            )}
            {access && (
              <Button component={Link} to={to(`/employer/account/cv-base/cv/${match.cvId}`)} size="xs" variant="default">
                {t('matches.open')}
              </Button>
            )}
          </Group>
        </Group>
        {reasons && (
          <Text fz="sm">
            <Text span fw={600} c="teal.9">
              {t('matches.why')}
            </Text>{' '}
            {reasons}
          </Text>
        )}
        <Group gap={4}>
          {labelsOf(summary.categoryCodes, categories).map((label) => (
            <Badge key={label} variant="light" size="sm">
              {label}
            </Badge>
          ))}
          {labelsOf(summary.placeCodes, cities).map((label) => (
            <Badge key={label} variant="outline" size="sm">
              {label}
            </Badge>
          ))}
        </Group>
        {(experience || spoken.length > 0) && (
          <Text fz="sm" c="dimmed">
            {[experience && t('matches.experience', { experience }), spoken.length > 0 && t('matches.languages', { languages: spoken.join(', ') })].filter(Boolean).join(' · ')}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t('matches.updated', { date: estonianDate(summary.updatedAt) })}
        </Text>
      </Stack>
    </Card>
  );
}

/** Without CV-database access: names and contacts stay hidden; the way to buy access. */
function BuyAccess({ vacancyId }: { vacancyId: string }) {
  const { t } = useTranslation(NAMESPACE);
  const client = useQueryClient();
  const [buying, setBuying] = useState(false);
  return (
    <Paper withBorder p="md" bg="blue.0">
      <Stack gap="xs" align="flex-start">
        <Text>{t('matches.noAccess')}</Text>
        <Button onClick={() => setBuying(true)}>{t('matches.buy')}</Button>
      </Stack>
      <BuyCvAccessDialog
        opened={buying}
        onClose={() => {
          setBuying(false);
          void client.invalidateQueries({ queryKey: cvMatchesKey(vacancyId) });
          void client.invalidateQueries({ queryKey: ['cv-base'] });
        }}
      />
    </Paper>
  );
}

/**
 * The tab "From the CV database": the visible CVs that fit the vacancy best, ranked, each with its
 * reasons; names and "add to this vacancy" only with the company's CV-database access.
 */
export function CvMatches({ vacancyId, language, page, onPage }: { vacancyId: string; language: Language; page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const matches = useCvMatches(vacancyId, page);
  if (matches.isPending)
    return (
      <Center py="xl">
        <Loader aria-label={t('translation:common.loading')} />
      </Center>
    );
  if (matches.isError) return <Text c="red">{errorText(matches.error)}</Text>;
  const { access, total, items } = matches.data;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" role="status">
        {t('matches.count', { count: total })}
      </Text>
      {!access && total > 0 && <BuyAccess vacancyId={vacancyId} />}
      {items.length === 0 ? (
        <Text c="dimmed">{t('matches.empty')}</Text>
      ) : (
        items.map((match) => <MatchCard key={match.cvId} match={match} access={access} vacancyId={vacancyId} language={language} />)
      )}
      <Pager
        page={page}
        total={Math.ceil(total / CV_MATCHES_PAGE_SIZE)}
        onChange={(next) => {
          onPage(next);
          window.scrollTo({ top: 0 });
        }}
      />
    </Stack>
  );
}
