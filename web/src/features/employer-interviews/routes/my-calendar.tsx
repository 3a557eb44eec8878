import { Button, Card, CopyButton, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { EventCalendar } from '@/shared/calendar/components/event-calendar';
import { texts as calendarTexts } from '@/shared/calendar/locales/texts';
import { ensureNamespace } from '@/shared/i18n';
import { useMe } from '@/shared/session/me';
import { Page } from '@/shared/ui/page';
import { useUserWorkingHours, useWorkingHours } from '@/shared/working-hours/api/working-hours';
import { HoursEditor } from '@/shared/working-hours/components/hours-editor';
import { businessHours } from '@/shared/working-hours/lib/hours';
import { NAMESPACE as HOURS, texts as hoursTexts } from '@/shared/working-hours/locales/texts';

import { useCreateFeed, useFeedStatus, useRevokeFeed } from '../api/calendar-feed';
import { NAMESPACE, texts } from '../locales/texts';

export const loader = () =>
  Promise.all([ensureNamespace(NAMESPACE, texts), ensureNamespace('calendar', calendarTexts), ensureNamespace(HOURS, hoursTexts)]).then(() => null);

function FeedPanel() {
  const { t } = useTranslation(NAMESPACE);
  const status = useFeedStatus();
  const create = useCreateFeed();
  const revoke = useRevokeFeed();
  const url = create.data?.url;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={t('feed.title')}>
      <Title order={2} size="h4" mb="xs">
        {t('feed.title')}
      </Title>
      <Text size="sm" mb="xs">
        {t('feed.text')}
      </Text>
      {url ? (
        <Group gap="xs" wrap="nowrap">
          <TextInput readOnly value={url} aria-label={t('feed.title')} style={{ flex: 1 }} />
          <CopyButton value={url}>{({ copied, copy }) => <Button onClick={copy}>{copied ? t('feed.copied') : t('feed.copy')}</Button>}</CopyButton>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {status.data?.active && status.data.createdAt ? t('feed.active', { date: new Date(status.data.createdAt).toLocaleDateString('et-EE') }) : t('feed.none')}
        </Text>
      )}
      <Group gap="xs" mt="sm">
        <Button variant="default" loading={create.isPending} onClick={() => create.mutate()}>
          {status.data?.active ? t('feed.rotate') : t('feed.create')}
        </Button>
        {status.data?.active && (
          <Button variant="default" color="red" loading={revoke.isPending} onClick={() => revoke.mutate(undefined, { onSuccess: () => create.reset() })}>
            {t('feed.revoke')}
          </Button>
        )}
      </Group>
    </Card>
  );
}

/**
 * `/employer/account/my-calendar`: interviews, offered times and own events, shaded outside the
 * working hours; the hours editors (the company's read-only for all but its supervisor) and the private feed.
 */
export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const me = useMe();
  const company = useWorkingHours('company');
  const user = useUserWorkingHours();
  const companyRef = me.data?.company;
  const userDays = user.data?.days ?? [];
  const shading = businessHours(userDays.length > 0 ? userDays : (company.data?.days ?? []));
  return (
    <Page title={t('calendarTitle')} size="lg">
      <Stack gap="lg">
        <EventCalendar interviewsBase="/employer/account/my-interviews" initialView="week" businessHours={shading.length > 0 ? shading : undefined} />
        <Text size="sm" c="dimmed">
          {t('hours.hint')}
        </Text>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <HoursEditor title={t('hours.user')} days={userDays} target={user.data ? { userId: user.data.userId } : null} />
          <HoursEditor
            title={t('hours.company')}
            days={company.data?.days ?? []}
            target={companyRef && company.data?.mayEdit ? { company: [companyRef.countryCode, companyRef.registryCode] } : null}
            readOnlyNote={company.data && !company.data.mayEdit ? t('hours.companyReadOnly') : undefined}
          />
        </SimpleGrid>
        <FeedPanel />
      </Stack>
    </Page>
  );
}
