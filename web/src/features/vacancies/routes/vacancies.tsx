import { Box, Button, Chip, Container, Grid, Group, Modal, Paper, ScrollArea, Select, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInstantSearch, useRefinementList } from 'react-instantsearch';

import { SaveSearch } from '@/features/alerts/components/save-search';
import type { Language } from '@/shared/i18n/languages';
import { useLanguage } from '@/shared/i18n/use-language';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';
import { useDocumentTitle } from '@/shared/ui/page';
import { useDesktop } from '@/shared/ui/use-desktop';
import { useCategories } from '@/shared/vacancies/get-categories';
import { type ReferenceList, useReference } from '@/shared/vacancies/reference';
import { OccupationSearch } from '@/shared/vacancies/search-box';
import { FilterForm, ResultCount, SearchPagination, useClearSearch, useSearching, VacancyHits } from '@/shared/vacancies/search-widgets';
import { VacancySearch } from '@/shared/vacancies/vacancy-search';

import { SalaryTransparency } from '../components/salary-transparency';

/** The header names the city when one is chosen, otherwise Estonia (spec 1 section 2). */
function SearchHeader({ language }: { language: Language }) {
  const { t } = useTranslation();
  const cities = useReference('cities', language);
  const { items } = useRefinementList({ attribute: 'cityCode', operator: 'or', limit: 500 });
  const chosen = items.filter((item) => item.isRefined);
  const city = chosen.length === 1 ? cities.find((option) => option.value === chosen[0].value)?.label : undefined;
  const title = city ? t('search.titleIn', { place: city }) : t('search.titleEstonia');
  useDocumentTitle(title);
  return (
    <Stack gap={4}>
      <Title order={1}>{title}</Title>
      <Text c="dimmed">{city ? t('search.leadIn', { place: city }) : t('search.leadEstonia')}</Text>
    </Stack>
  );
}

/** Categories with counts as a scrolling row; choosing one filters by it. */
function CategoryCarousel({ language }: { language: Language }) {
  const { t } = useTranslation();
  const categories = useCategories(language).data ?? [];
  const { items, refine } = useRefinementList({ attribute: 'categoryCode', operator: 'or', limit: 500 });
  const refined = new Set(items.filter((item) => item.isRefined).map((item) => item.value));
  const counts = new Map(items.map((item) => [item.value, item.count]));
  if (!categories.length) return null;
  return (
    <ScrollArea type="auto" offsetScrollbars aria-label={t('search.categories')}>
      <Group gap="xs" wrap="nowrap" pb={4}>
        {categories.map((category) => (
          <Chip key={category.categoryCode} checked={refined.has(category.categoryCode)} onChange={() => refine(category.categoryCode)} size="sm">
            {category.label} ({counts.get(category.categoryCode) ?? 0})
          </Chip>
        ))}
      </Group>
    </ScrollArea>
  );
}

/** The one value a facet is refined to, or null. */
function useRefinedValue(attribute: 'categoryCode' | 'cityCode'): string | null {
  const { items } = useRefinementList({ attribute, operator: 'or', limit: 500 });
  return items.find((item) => item.isRefined)?.value ?? null;
}

/** A facet's value to choose, with its count; the compact bar's Search applies it. */
function FacetChoice(props: { attribute: 'categoryCode' | 'cityCode'; list: ReferenceList; label: string; language: Language; value: string | null; onChange: (value: string | null) => void }) {
  const options = useReference(props.list, props.language);
  const { items } = useRefinementList({ attribute: props.attribute, operator: 'or', limit: 500 });
  const counts = new Map(items.map((item) => [item.value, item.count]));
  return (
    <Select
      label={props.label}
      data={options.map((option) => ({ value: option.value, label: `${option.label} (${counts.get(option.value) ?? 0})` }))}
      value={props.value}
      onChange={props.onChange}
      searchable
      clearable
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/**
 * Below 1024 px (spec 1 section 2): category and city are chosen first and searched for with the
 * Search button (a select alone does not search or change the address), and the filters button
 * opens the full form, whose Search closes it on the results.
 */
function CompactBar({ language }: { language: Language }) {
  const { t } = useTranslation();
  const [opened, modal] = useDisclosure(false);
  const clear = useClearSearch();
  const { setIndexUiState } = useInstantSearch();
  const refinedCategory = useRefinedValue('categoryCode');
  const refinedCity = useRefinedValue('cityCode');
  const [category, setCategory] = useState(refinedCategory);
  const [city, setCity] = useState(refinedCity);
  // the search changed elsewhere (the filters, a link, back and forward): the choice follows it
  useEffect(() => setCategory(refinedCategory), [refinedCategory]);
  useEffect(() => setCity(refinedCity), [refinedCity]);
  const search = () =>
    setIndexUiState((state) => ({
      ...state,
      page: undefined,
      refinementList: { ...state.refinementList, categoryCode: category ? [category] : [], cityCode: city ? [city] : [] },
    }));
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <FacetChoice attribute="categoryCode" list="categories" label={t('search.category')} language={language} value={category} onChange={setCategory} />
        <FacetChoice attribute="cityCode" list="cities" label={t('search.city')} language={language} value={city} onChange={setCity} />
        <Group grow>
          <Button variant="default" onClick={modal.open}>
            {t('search.filters')}
          </Button>
          <Button onClick={search}>{t('search.search')}</Button>
        </Group>
      </Stack>
      <Modal opened={opened} onClose={modal.close} title={t('search.extended')} size="lg">
        <Stack>
          <FilterForm language={language} />
          <Group justify="space-between">
            <Button
              variant="subtle"
              onClick={() => {
                clear();
                modal.close();
              }}
            >
              {t('search.clear')}
            </Button>
            <Button onClick={modal.close}>{t('search.search')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

function FilterPanel({ language }: { language: Language }) {
  const { t } = useTranslation();
  const clear = useClearSearch();
  return (
    <Paper withBorder p="md" component="aside" aria-label={t('search.filters')}>
      <Stack>
        <Title order={2} size="h4">
          {t('search.filters')}
        </Title>
        <FilterForm language={language} />
        <Button variant="subtle" onClick={clear}>
          {t('search.clear')}
        </Button>
      </Stack>
    </Paper>
  );
}

function SearchScreen() {
  const language = useLanguage();
  const wide = useDesktop();
  const searching = useSearching();
  return (
    <Container size="xl" py="xl" w="100%">
      {searching && <FullScreenLoader />}
      <Stack gap="lg">
        <SearchHeader language={language} />
        {wide && <CategoryCarousel language={language} />}
        <Grid gap="lg">
          {wide && (
            <Grid.Col span={4}>
              <FilterPanel language={language} />
            </Grid.Col>
          )}
          <Grid.Col span={wide ? 8 : 12}>
            <Stack gap="md">
              {!wide && <CompactBar language={language} />}
              <OccupationSearch />
              <ResultCount />
              <SaveSearch />
              <SalaryTransparency language={language} collapsed={!wide} />
              <Box>
                <VacancyHits language={language} />
              </Box>
              <SearchPagination />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}

/** Vacancy search (spec 1 section 2): the URL keeps the search, one server call per search. */
export function Component() {
  return (
    <VacancySearch routed>
      <SearchScreen />
    </VacancySearch>
  );
}
