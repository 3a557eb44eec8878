import { Checkbox, Group, Loader, MultiSelect, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { memo, useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHits, useInstantSearch, usePagination, useRefinementList, useToggleRefinement } from 'react-instantsearch';

import type { Language } from '@/shared/i18n/languages';
import { FACET_LIMIT, FacetSelect, refineTo } from '@/shared/search/widgets';

export { SearchPagination } from '@/shared/search/widgets';

import type { VacancyUiState } from './instantsearch-state';
import { useReference } from './reference';
import { useSalary } from './salary-connector';
import type { VacancyHit } from './search-client';
import { FLAG_KEYS, type FlagKey, LIST_KEYS, type ListKey } from './search-state';
import { useEmployers } from './search-employers';
import { VacancyCard } from './vacancy-card';

/** Employer names from the server as one types, asked for 500 ms after the last key (spec 1 section 5). */
export function EmployerAutocomplete() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 500);
  const employers = useEmployers(debounced);
  const { items, refine } = useRefinementList({ attribute: 'businessName', operator: 'or', limit: FACET_LIMIT });
  const refined = items.filter((item) => item.isRefined).map((item) => item.value);
  const names = (employers.data?.content ?? []).map((employer) => employer.businessName);
  return (
    <MultiSelect
      label={t('search.employer')}
      placeholder={t('search.employerPlaceholder')}
      data={[...new Set([...refined, ...names])]}
      value={refined}
      onChange={(next) => refineTo(next, refined, refine)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={debounced.trim() ? t('search.noEmployers') : undefined}
      rightSection={employers.isFetching ? <Loader size="xs" /> : undefined}
      maxDropdownHeight={144}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/**
 * Salary from, to and period; "by agreement" clears and disables them (spec 1 section 4). "Salary
 * stated" keeps the ads that state their pay (issue 35, pay transparency), with its count.
 */
export function SalaryFields({ language }: { language: Language }) {
  const { t } = useTranslation();
  const periods = useReference('periods', language);
  const { salary, refine } = useSalary();
  const byAgreement = useToggleRefinement({ attribute: 'salaryByAgreement', on: true });
  const agreed = byAgreement.value.isRefined;
  const [from, setFrom] = useState<string | number>(salary.from ?? '');
  const [to, setTo] = useState<string | number>(salary.to ?? '');
  useEffect(() => setFrom(salary.from ?? ''), [salary.from]);
  useEffect(() => setTo(salary.to ?? ''), [salary.to]);
  const amount = (value: string | number) => (value === '' || value === undefined ? undefined : Number(value));
  const apply = (change: Partial<typeof salary>) => refine({ ...salary, ...change });
  return (
    <Stack gap="xs">
      <Group grow gap="xs" align="flex-start">
        <NumberInput
          label={t('search.salaryFrom')}
          min={0}
          step={0.01}
          decimalScale={2}
          value={agreed ? '' : from}
          onChange={setFrom}
          onBlur={() => apply({ from: amount(from) })}
          onKeyDown={(event) => event.key === 'Enter' && apply({ from: amount(from) })}
          disabled={agreed}
        />
        <NumberInput
          label={t('search.salaryTo')}
          min={0}
          step={0.01}
          decimalScale={2}
          value={agreed ? '' : to}
          onChange={setTo}
          onBlur={() => apply({ to: amount(to) })}
          onKeyDown={(event) => event.key === 'Enter' && apply({ to: amount(to) })}
          disabled={agreed}
        />
      </Group>
      <Select
        label={t('search.salaryPeriod')}
        data={periods}
        value={agreed ? null : (salary.period ?? null)}
        onChange={(period) => apply({ period: period ?? undefined })}
        clearable
        disabled={agreed}
        comboboxProps={{ withinPortal: true }}
      />
      <Checkbox
        label={t('search.flags.salaryByAgreement')}
        checked={agreed}
        onChange={() => {
          if (!agreed) refine({});
          byAgreement.refine({ isRefined: agreed });
        }}
      />
      <FlagCheckbox flag="salaryStated" />
    </Stack>
  );
}

function FlagCheckbox({ flag }: { flag: FlagKey }) {
  const { t } = useTranslation();
  const { value, refine } = useToggleRefinement({ attribute: flag, on: true });
  return (
    <Checkbox
      label={
        <>
          {t(`search.flags.${flag}`)}{' '}
          <Text span c="dimmed" fz="xs">
            ({value.onFacetValue.count ?? 0})
          </Text>
        </>
      }
      checked={value.isRefined}
      onChange={() => refine({ isRefined: value.isRefined })}
    />
  );
}

/** The full filter form (spec 1 section 2): facets, employer, salary and the additional flags. */
export function FilterForm({ language }: { language: Language }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <FacetSelect attribute="categoryCode" list="categories" label={t('search.category')} language={language} />
      <FacetSelect attribute="cityCode" list="cities" label={t('search.city')} language={language} />
      <FacetSelect attribute="typeOfEmployment" list="employments" label={t('search.employment')} language={language} />
      <FacetSelect attribute="workExperience" list="workExperiences" label={t('search.workExperience')} language={language} />
      <FacetSelect attribute="languageCode" list="languages" label={t('search.language')} language={language} />
      <EmployerAutocomplete />
      <SalaryFields language={language} />
      <Text fw={600} fz="sm" mt="xs">
        {t('search.additional')}
      </Text>
      {FLAG_KEYS.filter((flag) => flag !== 'salaryByAgreement' && flag !== 'salaryStated').map((flag) => (
        <FlagCheckbox key={flag} flag={flag} />
      ))}
    </Stack>
  );
}

/** Empties every filter and the text. */
export function useClearSearch(): () => void {
  const { setIndexUiState } = useInstantSearch();
  return () => setIndexUiState({} as VacancyUiState);
}

/** The result cards; the count is read out to screen readers. */
const HitList = memo(function HitList({ items, language }: { items: VacancyHit[]; language: Language }) {
  return (
    <Stack gap="md">
      {items.map((hit) => (
        <VacancyCard key={hit.vacancyId} vacancy={hit} language={language} />
      ))}
    </Stack>
  );
});

export function VacancyHits({ language }: { language: Language }) {
  const { t } = useTranslation();
  const { items, results } = useHits<VacancyHit>();
  // a page of cards is the costliest part of a search: React builds it in the background, in
  // slices, so the page keeps answering input while new results come in
  const shown = useDeferredValue(items);
  if (results && results.nbHits === 0 && results.__isArtificial !== true)
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t('search.nothingFound')}
      </Text>
    );
  return <HitList items={shown} language={language} />;
}

export function ResultCount() {
  const { t } = useTranslation();
  const { results } = useInstantSearch();
  if (!results || results.__isArtificial) return null;
  return (
    <Text c="dimmed" fz="sm" aria-live="polite">
      {t('search.found', { count: results.nbHits })}
    </Text>
  );
}

/** True while a search is on its way; a failed search just ends it. */
export function useSearching(): boolean {
  const { status } = useInstantSearch({ catchError: true });
  return status === 'loading' || status === 'stalled';
}

function KeepList({ attribute }: { attribute: ListKey }) {
  useRefinementList({ attribute, operator: 'or', limit: FACET_LIMIT });
  return null;
}

function KeepFlag({ attribute }: { attribute: FlagKey }) {
  useToggleRefinement({ attribute, on: true });
  return null;
}

/**
 * Holds every filter of the URL while the visible widgets come and go (the modal, the layouts):
 * InstantSearch drops a refinement when its last widget unmounts.
 */
export function KeepRefinements() {
  useSalary();
  usePagination();
  return (
    <>
      {LIST_KEYS.map((attribute) => (
        <KeepList key={attribute} attribute={attribute} />
      ))}
      {FLAG_KEYS.map((attribute) => (
        <KeepFlag key={attribute} attribute={attribute} />
      ))}
    </>
  );
}
