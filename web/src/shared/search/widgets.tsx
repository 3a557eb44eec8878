import { Button, Group, MultiSelect, Text, TextInput } from '@mantine/core';
import { useDeferredValue, useEffect, useState } from 'react';
import { usePagination, useRefinementList, useSearchBox } from 'react-instantsearch';

import type { Language } from '@/shared/i18n/languages';
import { Pager } from '@/shared/vacancies/pager';
import { type ReferenceList, useReference } from '@/shared/vacancies/reference';

/** More values than any reference list holds: every value with results is listed. */
export const FACET_LIMIT = 500;

/** Applies the difference between the chosen values and the refined ones. */
export function refineTo(next: string[], refined: string[], refine: (value: string) => void) {
  for (const value of refined) if (!next.includes(value)) refine(value);
  for (const value of next) if (!refined.includes(value)) refine(value);
}

/**
 * A facet as a multi-select of its reference list, each option with the engine's count; with
 * `byCount`, the values with results first, the most first (the list's own order otherwise).
 */
export function FacetSelect({
  attribute,
  list,
  label,
  language,
  byCount = false,
}: {
  attribute: string;
  list: ReferenceList;
  label: string;
  language: Language;
  byCount?: boolean;
}) {
  const options = useReference(list, language);
  const { items, refine } = useRefinementList({ attribute, operator: 'or', limit: FACET_LIMIT });
  const counts = new Map(items.map((item) => [item.value, item.count]));
  const refined = items.filter((item) => item.isRefined).map((item) => item.value);
  const known = new Set(options.map((option) => option.value));
  const data = [...options, ...refined.filter((value) => !known.has(value)).map((value) => ({ value, label: value }))];
  // sort is stable: values with the same count keep the list's order
  if (byCount) data.sort((a, b) => (counts.get(b.value) ?? 0) - (counts.get(a.value) ?? 0));
  return (
    <MultiSelect
      label={label}
      data={data}
      value={refined}
      onChange={(next) => refineTo(next, refined, refine)}
      searchable
      clearable
      maxDropdownHeight={240}
      comboboxProps={{ withinPortal: true }}
      renderOption={({ option }) => (
        <Group justify="space-between" w="100%" wrap="nowrap">
          <span>{option.label}</span>
          <Text span c="dimmed" fz="xs">
            {counts.get(option.value) ?? 0}
          </Text>
        </Group>
      )}
    />
  );
}

/** The words of a search; searches on submit, so each search is one URL entry. */
export function SearchBox({ label, placeholder, submit, maxLength }: { label: string; placeholder: string; submit: string; maxLength: number }) {
  const { query, refine } = useSearchBox();
  const [text, setText] = useState(query);
  useEffect(() => setText(query), [query]);
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        refine(text.trim());
      }}
    >
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={label}
          placeholder={placeholder}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={maxLength}
        />
        <Button type="submit">{submit}</Button>
      </Group>
    </form>
  );
}

export function SearchPagination() {
  const { currentRefinement, nbPages, refine } = usePagination();
  // with the cards (the vacancy search renders them deferred), so the pager never jumps down below them
  const page = useDeferredValue(currentRefinement);
  const total = useDeferredValue(nbPages);
  return (
    <Pager
      page={page}
      total={total}
      onChange={(page) => {
        refine(page);
        window.scrollTo({ top: 0 });
      }}
    />
  );
}
