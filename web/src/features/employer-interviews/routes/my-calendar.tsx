import { Alert, Button, Card, Checkbox, CopyButton, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '@/shared/api/error-text';
import { ApiError } from '@/shared/api/errors';
import { EventCalendar } from '@/shared/calendar/components/event-calendar';
import { texts as calendarTexts } from '@/shared/calendar/locales/texts';
import { ensureNamespace } from '@/shared/i18n';
import { useMe } from '@/shared/session/me';
import { notifySuccess } from '@/shared/ui/notify';
import { Page } from '@/shared/ui/page';

import { useCreateFeed, useFeedStatus, useRevokeFeed } from '../api/calendar-feed';
import type { WorkingDay } from '../api/types';
import { useSaveWorkingHours, useUserWorkingHours, useWorkingHours } from '../api/working-hours';
import { businessHours, type DayRow, daysOf, rowsOf } from '../lib/hours';
import { NAMESPACE, texts } from '../locales/texts';

export const loader = () => Promise.all([ensureNamespace(NAMESPACE, texts), ensureNamespace('calendar', calendarTexts)]).then(() => null);

function HoursEditor({ title, days, target }: { title: string; days: WorkingDay[]; target: { company: [string, string] } | { userId: string } | null }) {
  const { t } = useTranslation(NAMESPACE);
  const weekdays = t('hours.weekdays', { returnObjects: true }) as string[];
  const [rows, setRows] = useState<DayRow[]>(() => rowsOf(days));
  useEffect(() => setRows(rowsOf(days)), [days]);
  const save = useSaveWorkingHours();
  const set = (i: number, patch: Partial<DayRow>) => setRows((current) => current.map((r, k) => (k === i ? { ...r, ...patch } : r)));
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      <Stack gap={6}>
        {rows.map((row, i) => (
          // the day and its two times on one line where they fit; on a phone the times go under the day
          <Group key={row.weekday} gap="xs" wrap="wrap">
            <Checkbox label={weekdays[i]} checked={row.on} onChange={(e) => set(i, { on: e.currentTarget.checked })} style={{ flex: '1 0 7.5rem' }} disabled={!target} />
            <Group gap="xs" wrap="nowrap" style={{ flex: '1 1 13rem' }}>
              <TextInput type="time" aria-label={`${weekdays[i]} ${t('hours.from')}`} style={{ flex: 1, minWidth: 0 }} value={row.start} disabled={!row.on || !target} onChange={(e) => set(i, { start: e.currentTarget.value })} />
              <TextInput type="time" aria-label={`${weekdays[i]} ${t('hours.to')}`} style={{ flex: 1, minWidth: 0 }} value={row.end} disabled={!row.on || !target} onChange={(e) => set(i, { end: e.currentTarget.value })} />
            </Group>
          </Group>
        ))}
        {save.error instanceof ApiError && <Alert color="red" role="alert">{errorText(save.error)}</Alert>}
        {target && (
          <Button w="fit-content" loading={save.isPending} onClick={() => save.mutate({ target, days: daysOf(rows) }, { onSuccess: () => notifySuccess(t('saved')) })}>
            {t('hours.save')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

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

/** `/employer/account/my-calendar`: interviews, offered times and own events, shaded outside the working hours; the hours editors and the private feed. */
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
          <HoursEditor title={t('hours.company')} days={company.data?.days ?? []} target={companyRef ? { company: [companyRef.countryCode, companyRef.registryCode] } : null} />
        </SimpleGrid>
        <FeedPanel />
      </Stack>
    </Page>
  );
}
