import { Badge, Box, Button, Card, Center, Group, Loader, ScrollArea, SegmentedControl, Stack, Tabs, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { errorText } from '@/shared/api/error-text';
import type { PayableInvoice } from '@/shared/billing/api/types';
import { ExtraServicesDialog, type ExtrasTarget } from '@/shared/billing/components/extra-services-dialog';
import { PayDialog } from '@/shared/billing/components/payment-choice';
import { useLocalizedPath } from '@/shared/i18n/use-language';
import { useUrlSorting } from '@/shared/lib/use-url-sorting';
import { ModeratorDialog, type ModeratorTarget } from '@/shared/moderators/moderator-dialog';
import { useCreationLink } from '@/shared/session/creation';
import { useMarkBadgeSeen } from '@/shared/session/mark-badge-seen';
import { notifySuccess } from '@/shared/ui/notify';
import { Page } from '@/shared/ui/page';
import { SortSelect } from '@/shared/ui/sort-controls';
import { CURRENT_ROWS, STALE_ROWS, StaleRowsLoader } from '@/shared/ui/stale-rows';
import { Pager } from '@/shared/vacancies/pager';

import { useCopyVacancy } from '../api/copy-vacancy';
import { useDeleteDraft } from '../api/delete-draft';
import { type EmployerVacancy, type EmployerVacancyPage, MY_VACANCIES_KEY, useMyVacancies } from '../api/get-my-vacancies';
import { useSetVacancyStatus } from '../api/set-vacancy-status';
import { ConfirmDialog, type ConfirmedAction } from '../components/confirm-dialog';
import { useVacancyTitle, VacancyList } from '../components/vacancy-list';
import { editPath, type VacancyAction } from '../lib/actions';
import { openInvoice } from '../lib/format';
import { type ListState, readListState, type Tab, TABS, TYPES, VACANCY_SORTS, type VacancyType, withFilter, writeListState } from '../lib/search-params';
import { loadTexts, NAMESPACE } from '../texts';

export const loader = loadTexts;

const ALL_TYPES = 'all';

function CreateButton() {
  const { t } = useTranslation(NAMESPACE);
  const creationLink = useCreationLink();
  return (
    <Button component={Link} {...creationLink('vacancy')}>
      {t('create')}
    </Button>
  );
}

/**
 * One tab's page: the vacancies, the pager, or the tab's empty state with the way to a first vacancy.
 * While another tab, page, type or sorting loads, the rows on screen stay (`keepPreviousData`), dimmed
 * and busy: a row in both answers keeps its element, and a menu opened on it stays open.
 */
function TabContent({
  tab,
  list,
  onPage,
  onAction,
}: {
  tab: Tab;
  list: ReturnType<typeof useMyVacancies>;
  onPage: (page: number) => void;
  onAction: (vacancy: EmployerVacancy, action: VacancyAction) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  // an empty stand-in would read as this tab's empty state
  if (list.isPending || (list.isPlaceholderData && !list.data.content.length)) {
    return (
      <Center py="xl">
        <Loader aria-label={t('translation:common.loading')} />
      </Center>
    );
  }
  if (list.isError) return <Text c="red">{errorText(list.error)}</Text>;
  const { content, page, totalPages } = list.data;
  if (!content.length) {
    return (
      <Card withBorder padding="xl" radius="md">
        <Stack align="center" gap="md" ta="center">
          <Text c="dimmed" maw={480}>
            {t(`empty.${tab}`)}
          </Text>
          <CreateButton />
        </Stack>
      </Card>
    );
  }
  const stale = list.isPlaceholderData;
  return (
    <>
      <Box pos="relative" aria-busy={stale || undefined}>
        {stale && <StaleRowsLoader top={12} />}
        <Box style={stale ? STALE_ROWS : CURRENT_ROWS}>
          <VacancyList vacancies={content} mayDelegate={list.data.mayDelegate} onAction={onAction} />
        </Box>
      </Box>
      <Pager page={page} total={totalPages} onChange={onPage} />
    </>
  );
}

/** A tab's count, from the list's answer (every tab's count comes with any tab's page). */
function TabCount({ tab, data }: { tab: Tab; data: EmployerVacancyPage | undefined }) {
  if (!data) return null;
  return (
    <Badge size="sm" variant="light" color="gray" circle={data.counts[tab] < 10}>
      {data.counts[tab]}
    </Badge>
  );
}

/**
 * `/employer/account/my-vacancies[?tab=&type=&sort=&order=&page=]`: the acting company's vacancies in the eight
 * tabs with their counts, filtered by type, sorted, paged, each with the actions its state allows.
 */
export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const state = readListState(search);
  const show = (next: ListState) => setSearch((current) => writeListState(next, current));
  const sorting = useUrlSorting(VACANCY_SORTS);
  const list = useMyVacancies(state, sorting.sorting);
  const titleOf = useVacancyTitle();
  // opening the list counts the applications received as seen: the menu badge starts again from zero
  const markSeen = useMarkBadgeSeen('APPLICATIONS');
  useEffect(() => markSeen(), [markSeen]);

  const setStatus = useSetVacancyStatus();
  const deleteDraft = useDeleteDraft();
  const copy = useCopyVacancy();
  const [confirming, setConfirming] = useState<{ vacancy: EmployerVacancy; action: ConfirmedAction; title: string } | null>(null);
  const [moderating, setModerating] = useState<ModeratorTarget | null>(null);
  const client = useQueryClient();
  const [extras, setExtras] = useState<ExtrasTarget | null>(null);
  const [paying, setPaying] = useState<PayableInvoice | null>(null);

  // a page emptied by the last action (or an old link) shows the last page that has vacancies
  const lastPage = list.data ? Math.max(list.data.totalPages - 1, 0) : 0;
  const beyondLast = !!list.data && !list.isPlaceholderData && state.page > lastPage;
  useEffect(() => {
    if (beyondLast) setSearch(writeListState({ ...readListState(search), page: lastPage }, search), { replace: true });
  }, [beyondLast, lastPage, search, setSearch]);

  function act(vacancy: EmployerVacancy, action: VacancyAction) {
    const title = titleOf(vacancy);
    switch (action) {
      case 'archive':
      case 'delete':
      case 'deleteDraft':
        setConfirming({ vacancy, action, title });
        break;
      case 'hide':
      case 'show':
        setStatus.mutate({ id: vacancy.id, action }, { onSuccess: () => notifySuccess(t(`done.${action}`)) });
        break;
      case 'clone':
        copy.mutate(vacancy.id, { onSuccess: (draft) => navigate(to(editPath(draft.id))) });
        break;
      case 'assignModerator':
        setModerating({ vacancyId: vacancy.id, title, moderator: vacancy.moderator });
        break;
      case 'buyServices':
        setExtras({ id: vacancy.id, title });
        break;
      case 'pay': {
        const invoice = openInvoice(vacancy);
        if (invoice) setPaying({ id: invoice.id, number: invoice.number, sumCents: invoice.totalCents, status: invoice.status, currency: invoice.currency });
        break;
      }
      default:
        // the other actions are links to their screens (ActionsMenu)
        break;
    }
  }

  function confirm() {
    if (!confirming) return;
    const { vacancy, action } = confirming;
    const done = {
      onSuccess: () => {
        setConfirming(null);
        notifySuccess(t(`done.${action}`));
      },
    };
    if (action === 'deleteDraft') deleteDraft.mutate(vacancy.id, done);
    else setStatus.mutate({ id: vacancy.id, action }, done);
  }

  return (
    <Page title={t('title')} size="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group align="flex-end" gap="sm">
          <SegmentedControl
            aria-label={t('typeLabel')}
            value={state.type ?? ALL_TYPES}
            onChange={(value) => show(withFilter(state, { type: value === ALL_TYPES ? null : (value as VacancyType) }))}
            data={[ALL_TYPES, ...TYPES].map((value) => ({ value, label: t(`types.${value}`) }))}
          />
          <SortSelect
            fields={VACANCY_SORTS}
            labels={Object.fromEntries(VACANCY_SORTS.map(({ field }) => [field, t(`sortFields.${field}`)])) as Record<(typeof VACANCY_SORTS)[number]['field'], string>}
            sorting={sorting.sorting}
            onChange={sorting.choose}
          />
        </Group>
        <CreateButton />
      </Group>
      <Tabs value={state.tab} onChange={(next) => next && show(withFilter(state, { tab: next as Tab }))}>
        <ScrollArea type="auto" scrollbarSize={6} offsetScrollbars="x" mb="md">
          <Tabs.List aria-label={t('tabsLabel')} style={{ flexWrap: 'nowrap' }}>
            {TABS.map((tab) => (
              <Tabs.Tab key={tab} value={tab} px="sm" rightSection={<TabCount tab={tab} data={list.data} />} style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
                {t(`tabs.${tab}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </ScrollArea>
        {/* one panel, the chosen tab's: a panel per tab would draw the list anew on each change of tab */}
        <Tabs.Panel value={state.tab}>
          <TabContent tab={state.tab} list={list} onPage={(page) => show({ ...state, page })} onAction={act} />
        </Tabs.Panel>
      </Tabs>
      <ConfirmDialog pending={confirming} busy={setStatus.isPending || deleteDraft.isPending} onConfirm={confirm} onClose={() => setConfirming(null)} />
      <ModeratorDialog target={moderating} onClose={() => setModerating(null)} onChanged={() => client.invalidateQueries({ queryKey: MY_VACANCIES_KEY })} />
      <ExtraServicesDialog vacancy={extras} onClose={() => setExtras(null)} />
      <PayDialog invoice={paying} onClose={() => setPaying(null)} />
    </Page>
  );
}
