import { Alert, Button, Card, Group, List, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

import { ApiError } from '@/shared/api/errors';
import { errorText } from '@/shared/api/error-text';
import { DownloadError } from '@/shared/api/download';
import type { Me } from '@/shared/api/types';
import { ensureNamespace } from '@/shared/i18n';
import { useLanguage, useLocalizedPath } from '@/shared/i18n/use-language';
import { isEmployer, useMe } from '@/shared/session/me';
import { notifySuccess } from '@/shared/ui/notify';
import { Page } from '@/shared/ui/page';

import { forgetDeletedUser, useDeleteAccount } from '../api/delete-account';
import { useDownloadMyData } from '../api/download-my-data';
import { confirmEmailProblem, retryMinutes } from '../lib/confirm-email';
import { texts } from '../locales/texts';

export const loader = () => ensureNamespace('my-data', texts);

function DownloadSection() {
  const { t } = useTranslation('my-data');
  const download = useDownloadMyData();
  const error = download.error;
  const retry = error instanceof DownloadError && error.retryAfterSeconds !== null ? retryMinutes(error.retryAfterSeconds) : null;
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="my-data-download">
      <Stack gap="sm">
        <Title order={2} size="h3" id="my-data-download">
          {t('download.title')}
        </Title>
        <Text>{t('download.text')}</Text>
        <Text size="sm" c="dimmed">
          {t('download.limit')}
        </Text>
        <Group>
          <Button leftSection={<IconDownload size={16} aria-hidden />} loading={download.isPending} disabled={download.isPending} onClick={() => download.mutate()}>
            {t('download.button')}
          </Button>
        </Group>
        {error && (
          <Alert color="red" role="alert" title={t('download.failed')}>
            {errorText(error)}
            {retry !== null && ` ${t('download.retry', { count: retry })}`}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

function DeleteSection({ me }: { me: Me }) {
  const { t } = useTranslation('my-data');
  const client = useQueryClient();
  const navigate = useNavigate();
  const language = useLanguage();
  const remove = useDeleteAccount();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  // the server's refusal while the user supervises a company with colleagues, naming the company
  const [handOver, setHandOver] = useState<string | null>(null);
  const to = useLocalizedPath();
  const actingAs = !!me.originalUser;
  // The user is forgotten once this screen is gone: forgetting them while the guarded area is
  // still shown would send them to sign in instead of to the home page.
  const forgetOnLeave = useRef(false);
  const username = me.username;
  useEffect(
    () => () => {
      if (forgetOnLeave.current) forgetDeletedUser(client, username);
    },
    [client, username],
  );

  function check(event: FormEvent) {
    event.preventDefault();
    const problem = confirmEmailProblem(email, me.username);
    setError(problem ? t(`delete.${problem}`) : null);
    if (!problem) setConfirming(true);
  }

  function confirm() {
    remove.mutate(email.trim(), {
      onSuccess: () => {
        forgetOnLeave.current = true;
        notifySuccess(t('delete.done'));
        navigate(`/${language}/`, { replace: true });
      },
      onError: (failure) => {
        setConfirming(false);
        if (failure instanceof ApiError && failure.field === 'company') {
          setHandOver(errorText(failure));
          return;
        }
        // the server names the field (`email`) for what the typed address lacks; anything else shows there too
        setError(errorText(failure));
      },
    });
  }

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="my-data-delete">
      <form onSubmit={check} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h3" id="my-data-delete">
            {t('delete.title')}
          </Title>
          <Text>{t('delete.intro')}</Text>
          <List spacing={6} size="sm">
            <List.Item>{t('delete.sessions')}</List.Item>
            <List.Item>{t('delete.cvs')}</List.Item>
            <List.Item>{t('delete.applications')}</List.Item>
            <List.Item>{t('delete.invoices')}</List.Item>
            {isEmployer(me) && <List.Item>{t('delete.companies')}</List.Item>}
            <List.Item>{t('delete.again')}</List.Item>
          </List>
          <Text size="sm" c="dimmed">
            {t('delete.keepCopy')}
          </Text>
          {actingAs && (
            <Alert color="yellow" role="status">
              {t('delete.actingAs')}
            </Alert>
          )}
          <TextInput
            label={t('delete.emailLabel')}
            description={t('delete.emailHint', { email: me.username })}
            type="email"
            autoComplete="off"
            maw={420}
            value={email}
            disabled={actingAs}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setError(null);
            }}
            error={error}
          />
          {handOver && (
            <Alert color="yellow" role="alert" title={t('delete.handOverTitle')}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{handOver}</Text>
                <Button component={Link} to={to('/employer/account/my-company?tab=staff')} variant="light" size="xs">
                  {t('delete.handOver')}
                </Button>
              </Stack>
            </Alert>
          )}
          <Group>
            <Button type="submit" color="red" disabled={actingAs}>
              {t('delete.button')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Modal opened={confirming} onClose={() => !remove.isPending && setConfirming(false)} title={t('delete.confirmTitle')} centered>
        <Stack>
          <Text>{t('delete.confirmText', { email: me.username })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={remove.isPending}>
              {t('translation:common.cancel')}
            </Button>
            <Button color="red" onClick={confirm} loading={remove.isPending}>
              {t('delete.confirmButton')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

/**
 * `/account/my-data`, `/employer/account/my-data` and `/admin/my-data`: the user's data as a zip,
 * and deleting the account (a supervisor of a company with colleagues is sent to hand the role over).
 */
export function Component() {
  const { t } = useTranslation('my-data');
  const me = useMe();
  return (
    <Page title={t('title')}>
      <Text maw={720}>{t('intro')}</Text>
      <DownloadSection />
      {me.data && <DeleteSection me={me.data} />}
    </Page>
  );
}
