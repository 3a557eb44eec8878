import { Anchor, Center, Loader, Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';

import { errorText } from '@/shared/api/error-text';
import { loadBillingTexts } from '@/shared/billing/texts';
import { useLanguage, useLocalizedPath } from '@/shared/i18n/use-language';
import { Page } from '@/shared/ui/page';

import { useCandidates } from '../api/get-candidates';
import { CandidateFiltersForm } from '../components/candidate-filters';
import { CandidateList } from '../components/candidate-list';
import { CvMatches } from '../components/cv-matches';
import { type CandidateFilters, DEFAULT_FILTERS, readFilters, writeFilters } from '../lib/search-params';
import { loadTexts, NAMESPACE } from '../texts';

/** The screen's texts and the buy-access dialog's (the billing namespace). */
export const loader = () => Promise.all([loadTexts(), loadBillingTexts()]).then(() => null);

const MY_VACANCIES = '/employer/account/my-vacancies';
/** `?tab=cv-database`: the tab of the CV database's CVs that fit the vacancy (with its own zero-based `page`). */
const CV_TAB = 'cv-database';
const APPLIED_TAB = 'applied';

function Applied({ vacancyId, filters, onChange }: { vacancyId: string; filters: CandidateFilters; onChange: (filters: CandidateFilters) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const list = useCandidates(vacancyId, filters);
  const filtered = writeFilters(filters).toString() !== writeFilters(DEFAULT_FILTERS).toString();
  return (
    <Stack gap="lg">
      <CandidateFiltersForm filters={filters} onChange={onChange} />
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
    </Stack>
  );
}

/**
 * `/{lang}/employer/account/my-vacancies/{vacancyId}/candidates`: a vacancy's candidates (filters in
 * the URL) and, in a second tab, the CVs of the CV database that fit it.
 */
export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const to = useLocalizedPath();
  const language = useLanguage();
  const { vacancyId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const tab = params.get('tab') === CV_TAB ? CV_TAB : APPLIED_TAB;
  const cvPage = tab === CV_TAB ? Math.max(0, Number.parseInt(params.get('page') ?? '0', 10) || 0) : 0;
  // the list's filters stay in the URL while the other tab is open
  const go = (next: string | null, page = 0) => {
    const search = writeFilters(filters);
    if (next === CV_TAB) {
      search.set('tab', CV_TAB);
      if (page > 0) search.set('page', String(page));
    }
    setParams(search);
  };
  return (
    <Page title={t('title')}>
      <Anchor component={Link} to={to(MY_VACANCIES)} size="sm">
        ← {t('back')}
      </Anchor>
      <Tabs value={tab} onChange={(next) => go(next)} keepMounted={false}>
        <Tabs.List aria-label={t('tabs.label')} mb="md">
          <Tabs.Tab value={APPLIED_TAB}>{t('tabs.applied')}</Tabs.Tab>
          <Tabs.Tab value={CV_TAB}>{t('tabs.cvDatabase')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value={APPLIED_TAB}>
          <Applied vacancyId={vacancyId} filters={filters} onChange={(next) => setParams(writeFilters(next), { replace: true })} />
        </Tabs.Panel>
        <Tabs.Panel value={CV_TAB}>
          <CvMatches vacancyId={vacancyId} language={language} page={cvPage} onPage={(page) => go(CV_TAB, page)} />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}
