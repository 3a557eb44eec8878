import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useVacancySuggestions } from '../api/get-vacancy-suggestions';
import { NAMESPACE } from '../locales/texts';

interface VacancyFilterProps {
  /** The chosen vacancy's id, null for every vacancy. */
  value: string | null;
  /** The chosen vacancy's title as the list knows it, for when the suggestions do not hold it. */
  chosenLabel: string | null;
  onChange: (vacancyId: string | null) => void;
}

/** Shows one vacancy's interviews: the company's vacancies found by their title as one types (the vacancy autocomplete). */
export function VacancyFilter({ value, chosenLabel, onChange }: VacancyFilterProps) {
  const { t } = useTranslation(NAMESPACE);
  const [typed, setTyped] = useState('');
  const [search] = useDebouncedValue(typed.trim().toLowerCase(), 300);
  const suggestions = useVacancySuggestions(search);
  const data = (suggestions.data ?? []).map((vacancy) => ({ value: vacancy.id, label: vacancy.occupationLabel || t('vacancyFilter.untitled') }));
  if (value && !data.some((option) => option.value === value)) data.unshift({ value, label: chosenLabel || t('vacancyFilter.untitled') });
  return (
    <Select
      label={t('vacancyFilter.label')}
      placeholder={t('vacancyFilter.all')}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      searchValue={typed}
      onSearchChange={setTyped}
      nothingFoundMessage={t('vacancyFilter.none')}
      filter={({ options }) => options}
      rightSection={suggestions.isFetching ? <Loader size="xs" /> : undefined}
      w={{ base: '100%', sm: 360 }}
      maxDropdownHeight={144}
    />
  );
}
