import { Button, Group, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchBox } from 'react-instantsearch';

/** The occupation text; searches on submit, so each search is one URL entry. */
export function OccupationSearch() {
  const { t } = useTranslation();
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
          label={t('search.occupation')}
          placeholder={t('search.occupationPlaceholder')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={100}
        />
        <Button type="submit">{t('search.search')}</Button>
      </Group>
    </form>
  );
}
