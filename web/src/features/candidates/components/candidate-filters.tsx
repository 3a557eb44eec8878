import { Button, Group, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { type CandidateFilters, DEFAULT_FILTERS, LISTED_STATUSES, RATINGS, SORTS, VERDICTS } from '../lib/search-params';
import { NAMESPACE } from '../texts';

const ANY = '';

/** The list's filters and sorting; every change goes to the URL. */
export function CandidateFiltersForm({ filters, onChange }: { filters: CandidateFilters; onChange: (filters: CandidateFilters) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const any = { value: ANY, label: t('filters.any') };
  const set = (change: Partial<CandidateFilters>) => onChange({ ...filters, ...change });
  return (
    <form aria-label={t('filters.label')} onSubmit={(event) => event.preventDefault()}>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Select
          label={t('filters.applicationStatus')}
          data={[any, ...LISTED_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
          value={filters.applicationStatus ?? ANY}
          onChange={(value) => set({ applicationStatus: (value || undefined) as CandidateFilters['applicationStatus'] })}
          allowDeselect={false}
        />
        <Select
          label={t('filters.verdict')}
          data={[any, ...VERDICTS.map((v) => ({ value: v, label: t(`verdict.${v}`) })), { value: 'NONE', label: t('filters.noVerdict') }]}
          value={filters.verdict ?? ANY}
          onChange={(value) => set({ verdict: (value || undefined) as CandidateFilters['verdict'] })}
          allowDeselect={false}
        />
        <Select
          label={t('filters.rating')}
          data={[any, ...RATINGS.map((r) => ({ value: r, label: t(`rating.${r}`) }))]}
          value={filters.rating ?? ANY}
          onChange={(value) => set({ rating: (value || undefined) as CandidateFilters['rating'] })}
          allowDeselect={false}
        />
        <NumberInput
          label={t('filters.minScore')}
          min={0}
          max={100}
          clampBehavior="strict"
          allowDecimal={false}
          value={filters.minScore ?? ''}
          onChange={(value) => set({ minScore: typeof value === 'number' ? value : undefined })}
        />
        <TextInput label={t('filters.from')} type="date" value={filters.from ?? ''} onChange={(e) => set({ from: e.currentTarget.value || undefined })} />
        <TextInput label={t('filters.to')} type="date" value={filters.to ?? ''} onChange={(e) => set({ to: e.currentTarget.value || undefined })} />
        <Select
          label={t('filters.sort')}
          data={SORTS.map((s) => ({ value: s, label: t(`sort.${s}`) }))}
          value={filters.sort}
          onChange={(value) => value && set({ sort: value as CandidateFilters['sort'], ...(value === 'match' ? { order: 'desc' as const } : {}) })}
          allowDeselect={false}
        />
        <Select
          label={t('filters.order')}
          data={(['desc', 'asc'] as const).map((o) => ({ value: o, label: t(`order.${o}`) }))}
          value={filters.order}
          onChange={(value) => value && set({ order: value as CandidateFilters['order'] })}
          disabled={filters.sort === 'match'}
          allowDeselect={false}
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="xs">
        <Button variant="subtle" size="xs" onClick={() => onChange(DEFAULT_FILTERS)}>
          {t('filters.clear')}
        </Button>
      </Group>
    </form>
  );
}
