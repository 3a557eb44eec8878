import { Button, Center, Grid, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useInstantSearch } from 'react-instantsearch';
import { Link } from 'react-router';

import type { Language } from '@/shared/i18n/languages';
import { useLocalizedPath } from '@/shared/i18n/use-language';
import { useDesktop } from '@/shared/ui/use-desktop';
import { uiToState, type VacancyUiState } from '@/shared/vacancies/instantsearch-state';
import { toQueryString } from '@/shared/vacancies/search-state';
import { FilterForm, useSearching, VacancyHits } from '@/shared/vacancies/search-widgets';
import { VacancySearch } from '@/shared/vacancies/vacancy-search';


/** At 1024 px and wider the button carries the filters chosen beside the list; below it is a plain link. */
function AllVacanciesButton({ wide }: { wide: boolean }) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const { indexUiState } = useInstantSearch();
  const query = wide ? toQueryString({ ...uiToState(indexUiState as VacancyUiState), page: undefined }) : '';
  return (
    <Group justify="center">
      <Button component={Link} to={`${to('/vacancies')}${query}`} size="md">
        {t('home.allVacancies')}
      </Button>
    </Group>
  );
}

function HomeList({ language }: { language: Language }) {
  const { t } = useTranslation();
  const wide = useDesktop();
  const searching = useSearching();
  return (
    <Grid gap="lg">
      {wide && (
        <Grid.Col span={4}>
          <Paper withBorder p="md" component="aside" aria-label={t('search.filters')}>
            <Stack>
              <Title order={2} size="h4">
                {t('search.filters')}
              </Title>
              <FilterForm language={language} />
            </Stack>
          </Paper>
        </Grid.Col>
      )}
      <Grid.Col span={wide ? 8 : 12}>
        <Stack gap="md">
          <Title order={2}>{t('home.vacanciesTitle')}</Title>
          {searching && (
            <Center>
              <Loader role="progressbar" aria-label={t('common.loading')} />
            </Center>
          )}
          <VacancyHits language={language} />
          <AllVacanciesButton wide={wide} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** The home page's first page of vacancies (no pager) with the filter panel beside it from 1024 px. */
export default function HomeVacancies({ language }: { language: Language }) {
  return (
    <VacancySearch>
      <HomeList language={language} />
    </VacancySearch>
  );
}
