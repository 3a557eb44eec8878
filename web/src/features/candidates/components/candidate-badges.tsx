import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { CandidateItem } from '../api/types';
import { NAMESPACE } from '../texts';

const VERDICT_COLOR = { SUITABLE: 'green', POSSIBLY_SUITABLE: 'yellow', NOT_SUITABLE: 'red' } as const;
const RATING_COLOR = { POSITIVE: 'green', NEUTRAL: 'gray', NEGATIVE: 'red', NOT_KNOWN: 'gray' } as const;

/** The change flag, where the candidate came from (the CV database), status (unless active), verdict, rating and score. */
export function CandidateBadges({ candidate }: { candidate: CandidateItem }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Group gap={6}>
      {candidate.changeFlag !== 'NONE' && (
        <Badge color={candidate.changeFlag === 'NEW' ? 'blue' : 'violet'}>{t(`changeFlag.${candidate.changeFlag}`)}</Badge>
      )}
      {candidate.addedFromCvDatabase && (
        <Badge color="teal" variant="outline">
          {t('fromCvDatabase')}
        </Badge>
      )}
      {candidate.status !== 'EXISTS' && (
        <Badge color="gray" variant="outline">
          {t(`status.${candidate.status}`)}
        </Badge>
      )}
      {candidate.verdict && (
        <Badge color={VERDICT_COLOR[candidate.verdict]} variant="light">
          {t(`verdict.${candidate.verdict}`)}
        </Badge>
      )}
      {candidate.rating !== 'NOT_KNOWN' && (
        <Badge color={RATING_COLOR[candidate.rating]} variant="dot">
          {t(`rating.${candidate.rating}`)}
        </Badge>
      )}
      <Badge color="gray" variant="light">
        {candidate.score == null ? t('noScore') : t('score', { score: candidate.score })}
      </Badge>
    </Group>
  );
}

export function candidateName(candidate: CandidateItem, fallback: string): string {
  const name = [candidate.applicant.firstname, candidate.applicant.lastname].filter(Boolean).join(' ');
  return name || fallback;
}
