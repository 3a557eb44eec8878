import { Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';

import { errorText } from '@/shared/api/error-text';
import { useLocalizedPath } from '@/shared/i18n/use-language';
import { Page } from '@/shared/ui/page';

import { useCandidates } from '../api/get-candidates';
import { CandidateFiltersForm } from '../components/candidate-filters';
import { CandidateList } from '../components/candidate-list';
import { DEFAULT_FILTERS, readFilters, writeFilters } from '../lib/search-params';
import { loadTexts, NAMESPACE } from '../texts';

export const loader = loadTexts;

const MY_VACANCIES = '/employer/account/my-vacancies';

/** `/{lang}/employer/account/my-vacancies/{vacancyId}/candidates`: a vacancy's candidates, filters in the URL. */
export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const to = useLocalizedPath();
  const { vacancyId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const list = useCandidates(vacancyId, filters);
  const filtered = writeFilters(filters).toString() !== writeFilters(DEFAULT_FILTERS).toString();
  return (
    <Page title={t('title')}>
      <Anchor component={Link} to={to(MY_VACANCIES)} size="sm">
        ← {t('back')}
      </Anchor>
      <CandidateFiltersForm filters={filters} onChange={(next) => setParams(writeFilters(next), { replace: true })} />
      {list.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('translation:common.loading')} />
        </Center>
      ) : list.isError ? (
        <Text c="red">{errorText(list.error)}</Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed" role="status">
            {t('count', { count: list.data.length })}
          </Text>
          {list.data.length ? <CandidateList candidates={list.data} /> : <Text c="dimmed">{t(filtered ? 'emptyFiltered' : 'empty')}</Text>}
        </Stack>
      )}
    </Page>
  );
}
