import { Badge, Button, Group, Modal, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useLocalizedPath } from '@/shared/i18n/use-language';
import { notifySuccess } from '@/shared/ui/notify';

import { FREQUENCIES, type Frequency, type SavedSearch, type SavedSearchChange } from '../api/types';
import { MAX_NAME } from '../lib/search-name';
import { NAMESPACE } from '../texts';

/** The change and delete calls of one owner's searches (the account's, or a visitor's by token). */
export interface AlertMutations {
  update: { mutateAsync: (variables: { id: string; change: SavedSearchChange }) => Promise<unknown> };
  remove: { mutateAsync: (variables: { id: string }) => Promise<unknown> };
}

export interface AlertListProps extends AlertMutations {
  searches: SavedSearch[];
  /** Called as a search is opened (the account marks it looked at). */
  onOpen?: (id: string) => void;
  /** Shows whether each search is confirmed (a visitor's list). */
  showConfirmation?: boolean;
}

type ChangeSearch = (id: string, change: SavedSearchChange) => Promise<unknown>;
type DeleteSearch = (id: string) => Promise<unknown>;

/**
 * Saved searches with what is new in each, and rename, frequency, pause, delete and open as a search.
 * A change or delete that went through says so; a failed one is shown by the API client's handler.
 */
export function AlertList({ searches, update, remove, onOpen, showConfirmation = false }: AlertListProps) {
  const { t } = useTranslation(NAMESPACE);
  const [renaming, setRenaming] = useState<SavedSearch | null>(null);
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);
  const onChange: ChangeSearch = (id, change) =>
    update
      .mutateAsync({ id, change })
      .then(() => notifySuccess(t('list.changed')))
      .catch(() => undefined);
  const onDelete: DeleteSearch = (id) =>
    remove
      .mutateAsync({ id })
      .then(() => notifySuccess(t('list.deleted')))
      .catch(() => undefined);
  return (
    <Stack gap="md">
      {searches.map((search) => (
        <AlertRow
          key={search.id}
          search={search}
          onChange={onChange}
          onOpen={onOpen}
          showConfirmation={showConfirmation}
          onRename={() => setRenaming(search)}
          onDelete={() => setDeleting(search)}
        />
      ))}
      <RenameDialog search={renaming} onClose={() => setRenaming(null)} onSave={onChange} />
      <DeleteDialog search={deleting} onClose={() => setDeleting(null)} onDelete={onDelete} />
    </Stack>
  );
}

interface AlertRowProps {
  search: SavedSearch;
  onChange: ChangeSearch;
  onOpen?: (id: string) => void;
  showConfirmation: boolean;
  onRename: () => void;
  onDelete: () => void;
}

function AlertRow({ search, onChange, onOpen, showConfirmation, onRename, onDelete }: AlertRowProps) {
  const { t } = useTranslation(NAMESPACE);
  const to = useLocalizedPath();
  const [busy, setBusy] = useState(false);
  const change = (value: SavedSearchChange) => {
    setBusy(true);
    onChange(search.id, value).finally(() => setBusy(false));
  };
  const searchPath = to(search.query ? `/vacancies?${search.query}` : '/vacancies');
  return (
    <Paper withBorder p="md" component="article" aria-labelledby={`alert-${search.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} size="h4" id={`alert-${search.id}`} style={{ overflowWrap: 'anywhere' }}>
            {search.name}
          </Title>
          <Group gap={6}>
            {search.paused && <Badge color="gray">{t('list.paused')}</Badge>}
            {showConfirmation && !search.confirmed && <Badge color="yellow">{t('list.unconfirmed')}</Badge>}
            <Badge color={search.newCount > 0 ? 'blue' : 'gray'} variant={search.newCount > 0 ? 'filled' : 'light'}>
              {search.newCount > 0 ? t('list.newCount', { count: search.newCount }) : t('list.nothingNew')}
            </Badge>
          </Group>
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t('save.frequency')}
            aria-label={t('list.frequencyOf', { name: search.name })}
            data={FREQUENCIES.map((value) => ({ value, label: t(`frequency.${value}`) }))}
            value={search.frequency}
            onChange={(value) => value && value !== search.frequency && change({ frequency: value as Frequency })}
            allowDeselect={false}
            disabled={busy}
            w={180}
          />
          <Button component={Link} to={searchPath} onClick={() => onOpen?.(search.id)} variant="light">
            {t('list.open')}
          </Button>
        </Group>
        <Group gap="xs" role="group" aria-label={t('list.actionsOf', { name: search.name })}>
          <Button size="compact-sm" variant="default" onClick={onRename} disabled={busy}>
            {t('list.rename')}
          </Button>
          <Button size="compact-sm" variant="default" onClick={() => change({ paused: !search.paused })} loading={busy}>
            {search.paused ? t('list.resume') : t('list.pause')}
          </Button>
          <Button size="compact-sm" variant="subtle" color="red" onClick={onDelete} disabled={busy}>
            {t('list.delete')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function RenameDialog({ search, onClose, onSave }: { search: SavedSearch | null; onClose: () => void; onSave: ChangeSearch }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Modal opened={!!search} onClose={onClose} title={t('list.renameTitle')} centered>
      {search && <RenameForm key={search.id} search={search} onClose={onClose} onSave={onSave} />}
    </Modal>
  );
}

function RenameForm({ search, onClose, onSave }: { search: SavedSearch; onClose: () => void; onSave: ChangeSearch }) {
  const { t } = useTranslation(NAMESPACE);
  const [name, setName] = useState(search.name);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!name.trim()) {
          setError(t('save.nameRequired'));
          return;
        }
        setSaving(true);
        onSave(search.id, { name: name.trim() })
          .then(onClose)
          .finally(() => setSaving(false));
      }}
    >
      <Stack>
        <TextInput
          label={t('save.name')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={MAX_NAME}
          error={error}
          required
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('save.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('list.renameSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DeleteDialog({ search, onClose, onDelete }: { search: SavedSearch | null; onClose: () => void; onDelete: DeleteSearch }) {
  const { t } = useTranslation(NAMESPACE);
  const [deleting, setDeleting] = useState(false);
  return (
    <Modal opened={!!search} onClose={onClose} title={t('list.deleteTitle')} centered>
      {search && (
        <Stack>
          <Text>{t('list.deleteText', { name: search.name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('save.cancel')}
            </Button>
            <Button
              color="red"
              loading={deleting}
              onClick={() => {
                setDeleting(true);
                onDelete(search.id)
                  .then(onClose)
                  .finally(() => setDeleting(false));
              }}
            >
              {t('list.deleteConfirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
