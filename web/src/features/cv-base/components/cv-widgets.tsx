import { Badge, Button, Card, Group, Mark, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useHits, useInstantSearch } from 'react-instantsearch';

import type { Language } from '@/shared/i18n/languages';
import { FacetSelect, SearchBox, SearchPagination } from '@/shared/search/widgets';
import { estonianDate } from '@/shared/vacancies/format';
import { type ReferenceList, useReference } from '@/shared/vacancies/reference';

import type { CvHit } from '../lib/search-client';
import { type CvListKey } from '../lib/search-state';
import { snippetParts } from '../lib/snippet';
import { NAMESPACE } from '../locales/texts';
import { cvUiToState } from './cv-search';
import { hasCriteria } from '../lib/search-state';

/** The facets of the CV search: attribute, reference list and label key. */
export const CV_FACETS: { attribute: CvListKey; list: ReferenceList; label: string }[] = [
  { attribute: 'categoryCode', list: 'categories', label: 'search.category' },
  { attribute: 'cityCode', list: 'cities', label: 'search.city' },
  { attribute: 'educationLevel', list: 'educationLevels', label: 'search.education' },
  { attribute: 'workExperience', list: 'workExperiences', label: 'search.experience' },
  { attribute: 'languageCode', list: 'languages', label: 'search.language' },
  { attribute: 'driverLicence', list: 'driverLicences', label: 'search.driverLicence' },
  { attribute: 'typeOfEmployment', list: 'employments', label: 'search.employment' },
];

/** The words of the search; searches on submit, so each search is one URL entry. */
export function CvTextSearch() {
  const { t } = useTranslation(NAMESPACE);
  return <SearchBox label={t('search.text')} placeholder={t('search.placeholder')} submit={t('search.submit')} maxLength={200} />;
}

/** How many facet values the search is narrowed by. */
export function useRefinedCount(): number {
  const { indexUiState } = useInstantSearch();
  return Object.values(indexUiState.refinementList ?? {}).reduce((sum, values) => sum + values.length, 0);
}

export function CvFilters({ language }: { language: Language }) {
  const { t } = useTranslation(NAMESPACE);
  const { setIndexUiState } = useInstantSearch();
  return (
    <Stack gap="sm">
      {CV_FACETS.map((facet) => (
        <FacetSelect key={facet.attribute} attribute={facet.attribute} list={facet.list} label={t(facet.label)} language={language} byCount />
      ))}
      <Button variant="subtle" onClick={() => setIndexUiState({})}>
        {t('search.clear')}
      </Button>
    </Stack>
  );
}

/** The matched text with the matches marked, rendered as text. */
export function Snippet({ snippet }: { snippet: string }) {
  const parts = snippetParts(snippet);
  if (!parts.length) return null;
  return (
    <Text size="sm" c="dimmed" lineClamp={3}>
      {parts.map((part, index) => (part.marked ? <Mark key={index}>{part.text}</Mark> : <span key={index}>{part.text}</span>))}
    </Text>
  );
}

function labelsOf(codes: string[], options: { value: string; label: string }[]): string[] {
  return codes.map((code) => options.find((option) => option.value === code)?.label ?? code);
}

/** One CV of the result list. */
export function CvCard({ cv, language, actions }: { cv: CvHit; language: Language; actions?: React.ReactNode }) {
  const { t } = useTranslation(NAMESPACE);
  const categories = useReference('categories', language);
  const cities = useReference('cities', language);
  const name = [cv.firstname, cv.lastname].filter(Boolean).join(' ');
  const title = cv.title || t('search.untitled');
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={name ? `${title}, ${name}` : title}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div>
            <Title order={3} size="h4">
              {title}
            </Title>
            {name && <Text fw={500}>{name}</Text>}
          </div>
          {actions}
        </Group>
        <Snippet snippet={cv.snippet} />
        <Group gap={4}>
          {labelsOf(cv.categoryCodes, categories).map((label) => (
            <Badge key={label} variant="light" size="sm">
              {label}
            </Badge>
          ))}
          {labelsOf(
            cv.cityCodes.filter((code) => cities.some((option) => option.value === code)),
            cities,
          ).map((label) => (
            <Badge key={label} variant="outline" size="sm">
              {label}
            </Badge>
          ))}
        </Group>
        <Text size="xs" c="dimmed">
          {t('search.updated', { date: estonianDate(cv.updatedAt) })}
        </Text>
      </Stack>
    </Card>
  );
}

/** The results: the criterion request while nothing is asked, the count, the cards and the pages. */
export function CvResults({ language, renderActions }: { language: Language; renderActions?: (cv: CvHit) => React.ReactNode }) {
  const { t } = useTranslation(NAMESPACE);
  const { indexUiState, results, status } = useInstantSearch({ catchError: true });
  const { items } = useHits<CvHit>();
  if (!hasCriteria(cvUiToState(indexUiState)))
    return (
      <Text c="dimmed" ta="center" py="xl" role="status">
        {t('search.criteriaRequired')}
      </Text>
    );
  if (status === 'error')
    return (
      <Text c="red" role="alert">
        {t('loadFailed')}
      </Text>
    );
  if (!results || results.__isArtificial) return null;
  return (
    <Stack gap="md">
      <Text c="dimmed" fz="sm" aria-live="polite">
        {t('search.found', { count: results.nbHits })}
      </Text>
      {results.nbHits === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          {t('search.nothingFound')}
        </Text>
      )}
      {items.map((cv) => (
        <CvCard key={cv.cvId} cv={cv} language={language} actions={renderActions?.(cv)} />
      ))}
      <SearchPagination />
    </Stack>
  );
}
