import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { estonianDate } from '@/shared/vacancies/format';

import { type CandidateStatus, changeLabel, displayStatus, VERDICT_COLOR } from '../lib/status';
import { NAMESPACE } from '../texts';

interface Props {
  application: { status: string; withdrawnAt?: string | null; vacancy: { open: boolean }; candidateStatus?: CandidateStatus | null; changeFlag: string };
}

const STATUS_COLOR = { active: 'blue', archived: 'gray', cancelled: 'gray' } as const;

/** Status, the employer's verdict (match / probable match / no match) and the change label. */
export function ApplicationBadges({ application }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const status = displayStatus(application);
  const change = changeLabel(application.changeFlag);
  const verdict = application.candidateStatus;
  return (
    <Group gap={6}>
      <Badge variant="light" color={STATUS_COLOR[status]}>
        {t(`status.${status}`)}
      </Badge>
      {verdict ? (
        <Badge variant="filled" color={VERDICT_COLOR[verdict]} title={t('my.verdict')}>
          {t(`verdict.${verdict}`)}
        </Badge>
      ) : (
        status === 'active' && (
          <Badge variant="outline" color="gray" title={t('my.verdict')}>
            {t('verdict.none')}
          </Badge>
        )
      )}
      {change && status !== 'cancelled' && (
        <Badge variant="dot" color={change === 'NEW' ? 'green' : 'orange'}>
          {t(`change.${change}`)}
        </Badge>
      )}
    </Group>
  );
}

/** When the application was sent, or withdrawn once it is. */
export function SentOn({ application }: { application: { createdAt: string; withdrawnAt?: string | null } }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Text size="sm" c="dimmed">
      {application.withdrawnAt ? t('my.withdrawnOn', { date: estonianDate(application.withdrawnAt) }) : t('my.sent', { date: estonianDate(application.createdAt) })}
    </Text>
  );
}
