import { Alert, Button, Drawer, Grid, Group, Loader, Paper, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

import { BuyCvAccessDialog } from '@/shared/billing/components/buy-cv-access-dialog';
import { loadBillingTexts } from '@/shared/billing/texts';
import { ensureNamespace } from '@/shared/i18n';
import type { Language } from '@/shared/i18n/languages';
import { useLanguage } from '@/shared/i18n/use-language';
import { Page } from '@/shared/ui/page';
import { useDesktop } from '@/shared/ui/use-desktop';
import { useReference } from '@/shared/vacancies/reference';

import { cvBaseSummaryKey, useCvBaseSummary } from '../api/get-summary';
import { useSavedCvs } from '../api/saved-cvs';
import type { CvBaseSummary } from '../api/types';
import { AddToVacancyButton } from '../components/add-to-vacancy';
import { CvSearch } from '../components/cv-search';
import { CvFilters, CvResults, CvTextSearch, useRefinedCount } from '../components/cv-widgets';
import { MessageCvButton } from '../components/message-cv';
import { OpenCvButton } from '../components/open-cv';
import { SaveCvButton, SavedCvs } from '../components/saved-cvs';
import { NAMESPACE, texts } from '../locales/texts';

/** The screen's texts and the buy dialog's (the billing namespace). */
export const loader = () => Promise.all([ensureNamespace(NAMESPACE, texts), loadBillingTexts()]).then(() => null);

/** Without access: what the database holds (counts only) and the way to buy access. */
function NoAccess({ summary, language }: { summary: CvBaseSummary; language: Language }) {
  const { t } = useTranslation(NAMESPACE);
  const client = useQueryClient();
  const categories = useReference('categories', language);
  const [buying, setBuying] = useState(false);
  const rows = Object.entries(summary.categoryCode)
    .map(([code, count]) => ({ code, count, label: categories.find((option) => option.value === code)?.label ?? code }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  return (
    <Stack gap="md">
      <Text>{t('noAccess.lead')}</Text>
      <Text fw={700} fz="lg">
        {t('noAccess.total', { count: summary.total })}
      </Text>
      <Text c="dimmed" fz="sm">
        {t('noAccess.private')}
      </Text>
      <Button w="fit-content" onClick={() => setBuying(true)}>
        {t('noAccess.buy')}
      </Button>
      {rows.length > 0 && (
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="xs">
            {t('noAccess.byCategory')}
          </Title>
          <Table>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.code}>
                  <Table.Td>{row.label}</Table.Td>
                  <Table.Td ta="right">{row.count}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      <BuyCvAccessDialog
        opened={buying}
        onClose={() => {
          setBuying(false);
          void client.invalidateQueries({ queryKey: cvBaseSummaryKey });
        }}
      />
    </Stack>
  );
}

/**
 * Below the desktop width the seven filters wait in a drawer behind a button, so the results come
 * first. The drawer's filters stay mounted at every width (display: none while closed; an
 * Activity would run their effects' clean-up and so unmount them): InstantSearch drops
 * the refinements of a facet whose last widget unmounts, so crossing the desktop width, which swaps
 * the side panel in or out, keeps what the search is narrowed by.
 */
function FiltersDrawer({ language, button }: { language: Language; button: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const [opened, setOpened] = useState(false);
  const refined = useRefinedCount();
  return (
    <>
      {button && (
        <Button variant="default" onClick={() => setOpened(true)} w="fit-content">
          {refined ? t('search.filtersCount', { count: refined }) : t('search.filters')}
        </Button>
      )}
      <Drawer opened={opened && button} onClose={() => setOpened(false)} title={t('search.filters')} position="bottom" size="85%" keepMounted keepMountedMode="display-none">
        <Stack gap="md">
          <CvFilters language={language} />
          <Button onClick={() => setOpened(false)}>{t('search.showResults')}</Button>
        </Stack>
      </Drawer>
    </>
  );
}

function SearchScreen({ language }: { language: Language }) {
  const { t } = useTranslation(NAMESPACE);
  const wide = useDesktop();
  const saved = new Set((useSavedCvs().data ?? []).map((cv) => cv.cvId));
  const results = (
    <CvResults language={language} renderActions={(cv) => (
        <Group gap="xs" align="flex-start">
          <OpenCvButton cvId={cv.cvId} />
          <SaveCvButton cvId={cv.cvId} saved={saved.has(cv.cvId)} />
          <AddToVacancyButton cvId={cv.cvId} />
          <MessageCvButton cvId={cv.cvId} />
        </Group>
      )} />
  );
  return (
    <CvSearch>
      <Stack gap="md">
        <CvTextSearch />
        <FiltersDrawer language={language} button={!wide} />
        {wide ? (
          <Grid gap="lg">
            <Grid.Col span={4}>
              <Paper withBorder p="md" component="aside" aria-label={t('search.filters')}>
                <CvFilters language={language} />
              </Paper>
            </Grid.Col>
            <Grid.Col span={8}>{results}</Grid.Col>
          </Grid>
        ) : (
          results
        )}
      </Stack>
    </CvSearch>
  );
}

/** Search and saved CVs as tabs; the tab is the path (`…/cv-base` or `…/cv-base/saved`). */
function AccessTabs({ language }: { language: Language }) {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tab = pathname.endsWith('/saved') ? 'saved' : 'search';
  const base = pathname.replace(/\/saved$/, '');
  return (
    <Tabs value={tab} onChange={(next) => navigate(next === 'saved' ? `${base}/saved` : base)} keepMounted={false}>
      <Tabs.List aria-label={t('tabs.label')} mb="md">
        <Tabs.Tab value="search">{t('tabs.search')}</Tabs.Tab>
        <Tabs.Tab value="saved">{t('tabs.saved')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="search">
        <SearchScreen language={language} />
      </Tabs.Panel>
      <Tabs.Panel value="saved">
        <SavedCvs />
      </Tabs.Panel>
    </Tabs>
  );
}

export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const summary = useCvBaseSummary();
  return (
    <Page title={t('title')} size="lg">
      {summary.isPending && <Loader aria-label={t('translation:common.loading')} />}
      {summary.isError && (
        <Alert color="red" role="alert">
          {t('loadFailed')}
        </Alert>
      )}
      {summary.data && (summary.data.access ? <AccessTabs language={language} /> : <NoAccess summary={summary.data} language={language} />)}
    </Page>
  );
}
