import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell, IconBellCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

import { ApiError } from '@/shared/api/errors';
import { errorText } from '@/shared/api/error-text';
import { useLanguage, useLocalizedPath } from '@/shared/i18n/use-language';
import { isApplicant, useMe } from '@/shared/session/me';
import { notifySuccess } from '@/shared/ui/notify';
import { useReference } from '@/shared/vacancies/reference';

import { useCreateSavedSearch } from '../api/create-saved-search';
import { useCreateVisitorAlert } from '../api/create-visitor-alert';
import { useSavedSearchLookup } from '../api/lookup-saved-search';
import { FREQUENCIES, type Frequency } from '../api/types';
import { currentSearch } from '../lib/current-search';
import { MAX_NAME, searchName } from '../lib/search-name';
import { loadTexts, NAMESPACE } from '../texts';

/**
 * "Save search" on `/vacancies`: saves the search the URL holds (every filter and the words) as a
 * job alert. A signed-in applicant's is saved at once and the button says so when this exact search
 * is saved; a visitor gives an e-mail and confirms through the mail first.
 */
export function SaveSearch() {
  const language = useLanguage();
  const texts = useQuery({ queryKey: ['texts', NAMESPACE, language], queryFn: loadTexts, staleTime: Infinity });
  if (!texts.isSuccess) return null;
  return <SaveSearchButton />;
}

function SaveSearchButton() {
  const { t } = useTranslation(NAMESPACE);
  const to = useLocalizedPath();
  const me = useMe();
  const applicant = isApplicant(me.data);
  const location = useLocation();
  const search = currentSearch(location.search);
  const lookup = useSavedSearchLookup(search.filter, applicant);
  const [opened, dialog] = useDisclosure(false);
  if (me.isPending) return null;
  if (applicant && lookup.data?.savedSearchId) {
    return (
      <Button component={Link} to={to('/account/my-alerts')} variant="light" color="green" leftSection={<IconBellCheck size={18} aria-hidden />} w="fit-content">
        {t('save.saved')}
      </Button>
    );
  }
  return (
    <>
      <Button variant="light" leftSection={<IconBell size={18} aria-hidden />} onClick={dialog.open} w="fit-content" disabled={applicant && lookup.isPending}>
        {t('save.button')}
      </Button>
      <Modal opened={opened} onClose={dialog.close} title={t('save.title')} centered>
        {opened && <SaveSearchForm applicant={applicant} search={search} onClose={dialog.close} />}
      </Modal>
    </>
  );
}

interface SaveSearchFormProps {
  applicant: boolean;
  search: ReturnType<typeof currentSearch>;
  onClose: () => void;
}

function SaveSearchForm({ applicant, search, onClose }: SaveSearchFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const categories = useReference('categories', language);
  const cities = useReference('cities', language);
  // the offered name follows the labels as they load, until the person types their own
  const [typedName, setName] = useState<string | null>(null);
  const name = typedName ?? searchName(search.state, { categories, cities }, t('save.fallbackName'));
  const [frequency, setFrequency] = useState<Frequency>('DAILY');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ name?: string; email?: string }>({});
  const create = useCreateSavedSearch();
  const createVisitor = useCreateVisitorAlert();
  const saving = applicant ? create : createVisitor;

  const fieldOf = (error: unknown) => (error instanceof ApiError ? error.field : undefined);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!name.trim()) found.name = t('save.nameRequired');
    if (!applicant && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email.trim())) found.email = t('save.emailInvalid');
    setErrors(found);
    if (Object.keys(found).length) return;
    const body = { name: name.trim(), frequency, filter: search.filter, query: search.query };
    const onError = (error: unknown) => {
      const field = fieldOf(error);
      if (field === 'name' || field === 'email') setErrors({ [field]: errorText(error) });
    };
    if (applicant) {
      create.mutate(body, {
        onSuccess: () => {
          notifySuccess(t('save.done'));
          onClose();
        },
        onError,
      });
    } else {
      createVisitor.mutate({ ...body, email: email.trim(), locale: language }, { onError });
    }
  };

  if (createVisitor.isSuccess) {
    return (
      <Stack>
        <Alert color="green" role="status">
          {t('save.doneVisitor', { email: email.trim() })}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('translation:common.close')}</Button>
        </Group>
      </Stack>
    );
  }
  const otherError = saving.isError && !['name', 'email'].includes(fieldOf(saving.error) ?? '');
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{t('save.intro')}</Text>
        <TextInput
          label={t('save.name')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={MAX_NAME}
          error={errors.name}
          required
          data-autofocus
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="save-search-frequency">
            {t('save.frequency')}
          </Text>
          <SegmentedControl
            aria-labelledby="save-search-frequency"
            value={frequency}
            onChange={(value) => setFrequency(value as Frequency)}
            data={FREQUENCIES.map((value) => ({ value, label: t(`frequency.${value}`) }))}
            fullWidth
          />
        </Stack>
        {!applicant && (
          <TextInput
            label={t('save.email')}
            description={t('save.emailHint')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={errors.email}
            required
          />
        )}
        {otherError && (
          <Alert color="red" role="alert">
            {errorText(saving.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving.isPending}>
            {t('save.cancel')}
          </Button>
          <Button type="submit" loading={saving.isPending}>
            {t('save.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
