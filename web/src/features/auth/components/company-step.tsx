import { Autocomplete, Button, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '@/shared/api/error-text';
import type { Me, RegisterEntry } from '@/shared/api/types';
import { track } from '@/shared/lib/analytics';

import { registerCompany } from '../api/register-company';
import { companySearchTerm, useCompanySearch } from '../api/search-companies';

const optionLabel = (entry: RegisterEntry) => `${entry.businessName} (${entry.registryCode})`;

/** Step 5: the company from the Business Register, searched after more than 2 characters. */
export function CompanyStep({ onRegistered }: { onRegistered: (me: Me) => void }) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [debounced] = useDebouncedValue(input, 300);
  const [chosen, setChosen] = useState<RegisterEntry | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const search = useCompanySearch(debounced);
  const byLabel = useMemo(() => new Map((search.data ?? []).map((entry) => [optionLabel(entry), entry])), [search.data]);
  const register = useMutation({
    mutationFn: registerCompany,
    meta: { handledLocally: true },
    onSuccess: (me) => {
      if (me.roles.includes('EMPLOYER')) track('new_b2b');
      onRegistered(me);
    },
    onError: (error) => setFieldError(errorText(error)),
  });

  const searched = companySearchTerm(debounced) !== null && search.isSuccess && !search.isPlaceholderData;
  const nothingFound = searched && search.data.length === 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) {
      setFieldError(t('login.companyRequired'));
      return;
    }
    register.mutate(chosen);
  }

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <Text>{t('login.companyIntro')}</Text>
        <Autocomplete
          label={t('login.companyLabel')}
          placeholder={t('login.companyPlaceholder')}
          description={t('login.companyHint')}
          withAsterisk
          value={input}
          data={[...byLabel.keys()]}
          filter={({ options }) => options}
          maxDropdownHeight={144}
          onChange={(value) => {
            setInput(value);
            setChosen(byLabel.get(value) ?? null);
            setFieldError(null);
          }}
          onOptionSubmit={(value) => setChosen(byLabel.get(value) ?? null)}
          error={fieldError ?? (nothingFound ? t('errors.code.company_not_found') : search.error ? errorText(search.error) : undefined)}
          autoFocus
        />
        <Group justify="flex-end">
          <Button type="submit" loading={register.isPending} disabled={register.isPending}>
            {t('common.continue')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
