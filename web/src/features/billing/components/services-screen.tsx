import { Card, Center, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '@/shared/api/error-text';
import type { ServiceItem } from '@/shared/billing/api/types';
import { Page } from '@/shared/ui/page';

import { NAMESPACE } from '../texts';
import { ServiceList } from './service-list';

/** My services of either role: the list, its loading, failure and empty states, and the role's actions. */
export function ServicesScreen({ services, employer, actions }: { services: UseQueryResult<ServiceItem[]>; employer: boolean; actions?: ReactNode }) {
  const { t } = useTranslation(NAMESPACE);
  let body: ReactNode;
  if (services.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label={t('translation:common.loading')} />
      </Center>
    );
  } else if (services.isError) {
    body = <Text c="red">{errorText(services.error)}</Text>;
  } else if (!services.data.length) {
    body = (
      <Card withBorder padding="xl" radius="md">
        <Text c="dimmed" ta="center">
          {t(employer ? 'services.empty' : 'services.emptyApplicant')}
        </Text>
      </Card>
    );
  } else {
    body = <ServiceList services={services.data} employer={employer} />;
  }
  return (
    <Page title={t('services.title')} size="lg">
      {actions}
      {body}
    </Page>
  );
}
