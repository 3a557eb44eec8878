import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useLocalizedPath } from '@/shared/i18n/use-language';
import { estonianDate } from '@/shared/vacancies/format';

import type { CandidateItem } from '../api/types';
import { candidatePath } from '../lib/search-params';
import { NAMESPACE } from '../texts';
import { CandidateBadges, candidateName } from './candidate-badges';

/** The candidates as cards, each leading to the candidate. */
export function CandidateList({ candidates }: { candidates: CandidateItem[] }) {
  const { t } = useTranslation(NAMESPACE);
  const to = useLocalizedPath();
  return (
    <Stack gap="sm">
      {candidates.map((candidate) => {
        const name = candidateName(candidate, t('unnamed'));
        return (
          <Card key={candidate.applicationId} component="article" aria-label={name} withBorder radius="md" padding="md">
            <Stack gap={6}>
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                <Anchor component={Link} to={to(candidatePath(candidate.vacancyId, candidate.applicationId))} fw={700} c="dark">
                  {name}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {t('appliedOn', { date: estonianDate(candidate.createdAt) })}
                </Text>
              </Group>
              <Text size="sm">{candidate.cv ? candidate.cv.title || t('cv.untitled') : t('withoutCv')}</Text>
              {candidate.coverLetter && (
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {candidate.coverLetter}
                </Text>
              )}
              <CandidateBadges candidate={candidate} />
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
