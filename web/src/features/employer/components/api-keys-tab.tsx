import { Alert, Anchor, Button, Card, Code, CopyButton, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';

import { errorText } from '@/shared/api/error-text';
import { ApiError } from '@/shared/api/errors';
import { setServerFieldError } from '@/shared/lib/server-field-errors';
import { toWallClock } from '@/shared/lib/tallinn';
import { z } from '@/shared/lib/zod';
import { notifySuccess } from '@/shared/ui/notify';
import { estonianDate } from '@/shared/vacancies/format';

import { type CreatedApiKey, useCreateApiKey } from '../api/create-api-key';
import { type ApiKey, useApiKeys } from '../api/get-api-keys';
import type { MyCompany } from '../api/get-my-company';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { API_KEYS } from '../locales/api-keys/texts';

/** Title limit of the server (`domain::companies::api_keys::TITLE_MAX`). */
const TITLE_MAX = 100;

const dateTime = (iso: string) => `${estonianDate(iso)} ${toWallClock(iso).slice(11, 16)}`;

function CreateKeyForm({ company, onCreated, onCancel }: { company: MyCompany; onCreated: (key: CreatedApiKey) => void; onCancel: () => void }) {
  const { t } = useTranslation(API_KEYS);
  const create = useCreateApiKey(company);
  const schema = z.object({
    title: z.string().trim().min(1, t('titleRequired')).max(TITLE_MAX, t('titleTooLong', { max: TITLE_MAX })),
  });
  const form = useForm({ initialValues: { title: '' }, validate: schemaResolver(schema, { sync: true }) });
  const submit = form.onSubmit((v) => create.mutate(v.title.trim(), { onSuccess: onCreated, onError: (error) => setServerFieldError(form, error) }));
  const unplaced = create.error instanceof ApiError && !(create.error.status === 400 && create.error.field === 'title');
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label={t('title')} description={t('titleHint')} required maxLength={TITLE_MAX} data-autofocus {...form.getInputProps('title')} />
        {unplaced && (
          <Alert color="red" role="alert">
            {errorText(create.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The new key, shown once: copy it now. */
function CreatedKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const { t } = useTranslation(API_KEYS);
  return (
    <Stack>
      <Alert color="yellow" role="alert" title={t('shownOnceTitle')}>
        {t('shownOnce')}
      </Alert>
      <Textarea
        label={t('secret')}
        value={created.secret}
        readOnly
        autosize
        onFocus={(event) => event.currentTarget.select()}
        styles={{ input: { fontFamily: 'monospace', wordBreak: 'break-all' } }}
      />
      <Group justify="flex-end">
        <CopyButton value={created.secret} timeout={3000}>
          {({ copied, copy }) => (
            <Button variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
              {copied ? t('copied') : t('copy')}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>{t('done')}</Button>
      </Group>
    </Stack>
  );
}

function KeyCard({ apiKey, canRevoke, onRevoke }: { apiKey: ApiKey; canRevoke: boolean; onRevoke: () => void }) {
  const { t } = useTranslation(API_KEYS);
  return (
    <Card withBorder padding="sm" component="article" aria-label={apiKey.title}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Text fw={600}>{apiKey.title}</Text>
          <Text size="sm">
            <Code>{apiKey.prefix}…</Code>
          </Text>
          <Text size="sm" c="dimmed">
            {apiKey.createdBy
              ? t('createdBy', { date: estonianDate(apiKey.createdAt), email: apiKey.createdBy })
              : t('created', { date: estonianDate(apiKey.createdAt) })}
          </Text>
          <Text size="sm" c="dimmed">
            {apiKey.lastUsedAt ? t('lastUsed', { date: dateTime(apiKey.lastUsedAt) }) : t('neverUsed')}
          </Text>
        </Stack>
        {canRevoke && (
          <Button size="xs" variant="light" color="red" onClick={onRevoke}>
            {t('revoke')}
          </Button>
        )}
      </Group>
    </Card>
  );
}

/** The API keys tab: every staff member sees the keys; the supervisor creates (the key shown once) and revokes them. */
export function ApiKeysTab({ company }: { company: MyCompany }) {
  const { t } = useTranslation(API_KEYS);
  const keys = useApiKeys(company);
  const revoke = useRevokeApiKey(company);
  // a dialog keeps its content while it fades out: what it shows is cleared once it is gone
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [confirming, setConfirming] = useState(false);
  const list = keys.data ?? [];

  return (
    <Stack>
      <Text size="sm">
        <Trans t={t} i18nKey="intro" components={{ code: <Code />, docs: <Anchor href="/api/docs" target="_blank" rel="noopener" /> }} />
      </Text>
      <Text size="sm" c="dimmed">
        {t('lifetime')}
      </Text>
      {company.isSupervisor ? (
        <Button
          w="fit-content"
          onClick={() => {
            setCreated(null);
            setCreating(true);
          }}
        >
          {t('add')}
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          {t('onlySupervisor')}
        </Text>
      )}
      {keys.isSuccess && list.length === 0 && <Text c="dimmed">{t('none')}</Text>}
      {list.map((apiKey) => (
        <KeyCard
          key={apiKey.keyId}
          apiKey={apiKey}
          canRevoke={company.isSupervisor}
          onRevoke={() => {
            setRevoking(apiKey);
            setConfirming(true);
          }}
        />
      ))}
      <Modal
        opened={creating}
        onClose={() => setCreating(false)}
        onExitTransitionEnd={() => setCreated(null)}
        title={created ? t('createdTitle') : t('add')}
        closeOnClickOutside={!created}
        centered
      >
        {created ? (
          <CreatedKey created={created} onDone={() => setCreating(false)} />
        ) : (
          <CreateKeyForm company={company} onCreated={setCreated} onCancel={() => setCreating(false)} />
        )}
      </Modal>
      <Modal opened={confirming} onClose={() => setConfirming(false)} onExitTransitionEnd={() => setRevoking(null)} title={t('revokeTitle')} centered>
        {revoking && (
          <Stack>
            <Text>{t('confirmRevoke', { title: revoking.title })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)}>
                {t('cancel')}
              </Button>
              <Button
                color="red"
                loading={revoke.isPending}
                onClick={() =>
                  revoke.mutate(revoking.keyId, {
                    onSuccess: () => {
                      notifySuccess(t('revoked', { title: revoking.title }));
                      setConfirming(false);
                    },
                  })
                }
              >
                {t('revoke')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
