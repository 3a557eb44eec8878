import { Button, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { Me } from '@/shared/api/types';
import { useActAsCompany } from '@/shared/session/act-as-company';
import { useMyCompanies } from '@/shared/session/my-companies';

/** Step 6: an employer of several companies picks the one to act for. */
export function CompanyPickerStep({ onPicked }: { onPicked: (me: Me) => void }) {
  const { t } = useTranslation();
  const companies = useMyCompanies();
  const act = useActAsCompany();
  if (companies.isPending) return <Loader />;
  return (
    <Stack gap="sm">
      <Text>{t('login.companiesIntro')}</Text>
      {(companies.data ?? []).map((company) => (
        <Button
          key={`${company.countryCode}-${company.registryCode}`}
          variant="default"
          size="lg"
          justify="space-between"
          disabled={act.isPending}
          onClick={() => act.mutate(company, { onSuccess: onPicked })}
          rightSection={<Text size="xs" c="dimmed">{t('login.registryCode', { code: company.registryCode })}</Text>}
        >
          {company.businessName}
        </Button>
      ))}
    </Stack>
  );
}
