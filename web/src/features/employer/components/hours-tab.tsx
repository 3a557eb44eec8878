import { Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { useWorkingHours } from '@/shared/working-hours/api/working-hours';
import { HoursEditor } from '@/shared/working-hours/components/hours-editor';

import type { MyCompany } from '../api/get-my-company';
import { NAMESPACE } from '../locales/texts';

/** The working-hours tab: the company's week; the supervisor saves it, other staff see it read-only. */
export function HoursTab({ company }: { company: MyCompany }) {
  const { t } = useTranslation(NAMESPACE);
  const hours = useWorkingHours('company');
  if (hours.isPending) return <Loader />;
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {company.isSupervisor ? t('hours.hint') : t('hours.onlySupervisor')}
      </Text>
      <HoursEditor
        title={t('hours.title')}
        days={hours.data?.days ?? []}
        target={company.isSupervisor ? { company: [company.countryCode, company.registryCode] } : null}
      />
    </Stack>
  );
}
