import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { ServiceItem, ServiceStatus } from '@/shared/billing/api/types';
import { invoicePath } from '@/shared/billing/lib/paths';
import { useLocalizedPath } from '@/shared/i18n/use-language';
import { estonianDate } from '@/shared/vacancies/format';

import { bySection } from '../lib/services';
import { NAMESPACE } from '../texts';

const COLOR: Record<ServiceStatus, string> = { ACTIVE: 'green', WAITING: 'cyan', UNPAID: 'orange', FINISHED: 'indigo', CANCELLED: 'gray' };

/** When a service runs: both dates, or what is known of them. */
function Period({ service }: { service: ServiceItem }) {
  const { t } = useTranslation(NAMESPACE);
  const starts = estonianDate(service.startsAt);
  const ends = estonianDate(service.endsAt);
  let text: string;
  if (starts && ends) text = t('services.period', { start: starts, end: ends });
  else if (starts) text = t('services.from', { date: starts });
  else if (ends) text = t('services.until', { date: ends });
  else text = t(`services.noDates.${service.status}`);
  return (
    <Text size="sm" c="dimmed">
      {text}
    </Text>
  );
}

function ServiceCard({ service, employer }: { service: ServiceItem; employer: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const to = useLocalizedPath();
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={service.label}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Text fw={700} lh={1.3}>
            {service.label}
          </Text>
          <Badge color={COLOR[service.status]} variant="light" style={{ textTransform: 'none', flexShrink: 0 }}>
            {t(`services.status.${service.status}`)}
          </Badge>
        </Group>
        <Text size="sm">
          {t(`services.type.${service.type}`)}
          {service.type === 'CV' && service.quantity > 1 ? ` · ${t('services.days', { count: service.quantity })}` : ''}
        </Text>
        <Period service={service} />
        {service.vacancyId && (
          <Text size="sm">
            {t('services.vacancy')}{' '}
            {employer ? (
              <Anchor component={Link} to={to(`/employer/account/my-vacancies/${service.vacancyId}/preview`)}>
                {service.vacancyTitle || t('services.untitled')}
              </Anchor>
            ) : (
              service.vacancyTitle || t('services.untitled')
            )}
          </Text>
        )}
        {service.invoiceNumber && (
          <Text size="sm">
            {t('services.invoice')}{' '}
            {service.invoiceId ? (
              <Anchor component={Link} to={to(invoicePath(service.invoiceId, employer))}>
                {service.invoiceNumber}
              </Anchor>
            ) : (
              service.invoiceNumber
            )}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** The services by status (active, waiting, unpaid, finished, cancelled), each with its dates, vacancy and invoice. */
export function ServiceList({ services, employer }: { services: ServiceItem[]; employer: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Stack gap="xl">
      {bySection(services).map((section) => (
        <Stack key={section.status} gap="sm" component="section" aria-labelledby={`services-${section.status}`}>
          <Title order={2} size="h3" id={`services-${section.status}`}>
            {t(`services.sections.${section.status}`)} ({section.services.length})
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {section.services.map((service) => (
              <ServiceCard key={service.id} service={service} employer={employer} />
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}
