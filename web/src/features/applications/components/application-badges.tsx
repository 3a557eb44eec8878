import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

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
