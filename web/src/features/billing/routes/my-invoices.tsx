import { Card, Center, Group, Loader, ScrollArea, SegmentedControl, Stack, Tabs, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { errorText } from '@/shared/api/error-text';
import type { PayableInvoice } from '@/shared/billing/api/types';
import { PayDialog } from '@/shared/billing/components/payment-choice';
import { Page } from '@/shared/ui/page';
import { Pager } from '@/shared/vacancies/pager';

import { useMyInvoices } from '../api/get-my-invoices';
import { CancelDialog } from '../components/cancel-dialog';
import { InvoiceDrawer } from '../components/invoice-drawer';
import { InvoiceList } from '../components/invoice-list';
import { type ListState, ORDERS, type Order, readListState, type Sort, SORTS, type Tab, TABS, withFilter, writeListState } from '../lib/list-state';
import { loadTexts, NAMESPACE } from '../texts';

export const loader = loadTexts;

/** One tab's page: the invoices and the pager, or the tab's empty state. */
function TabContent({
  tab,
  list,
  onPage,
  onOpen,
  onPay,
}: {
  tab: Tab;
  list: ReturnType<typeof useMyInvoices>;
  onPage: (page: number) => void;
  onOpen: (id: string) => void;
  onPay: (invoice: PayableInvoice) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  if (list.isPending || (list.isPlaceholderData && list.isFetching)) {
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
        <Text c="dimmed" ta="center">
          {t(`empty.${tab}`)}
        </Text>
      </Card>
    );
  }
  return (
    <>
      <InvoiceList invoices={content} onOpen={(invoice) => onOpen(invoice.id)} onPay={onPay} />
      <Pager page={page} total={totalPages} onChange={onPage} />
    </>
  );
}

/**
 * `/employer/account/my-invoices` (the acting company's) and `/account/my-invoices` (an applicant's own),
 * `[?tab=&sort=&order=&page=&invoice=]`: the invoices by status, sorted
 * by date or status either way, each with its documents and, while unpaid, paying; `invoice` opens
 * one in the drawer (where it can also be cancelled).
 */
export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const [search, setSearch] = useSearchParams();
  const state = readListState(search);
  const show = (next: ListState, replace = false) => setSearch(writeListState(next), { replace });
  const list = useMyInvoices(state);
  const [paying, setPaying] = useState<PayableInvoice | null>(null);
  const [cancelling, setCancelling] = useState<{ id: string; number: string } | null>(null);

  // a page emptied by a cancellation (or an old link) shows the last page that has invoices
  const lastPage = list.data ? Math.max(list.data.totalPages - 1, 0) : 0;
  const beyondLast = !!list.data && !list.isPlaceholderData && state.page > lastPage;
  useEffect(() => {
    if (beyondLast) setSearch(writeListState({ ...readListState(search), page: lastPage }), { replace: true });
  }, [beyondLast, lastPage, search, setSearch]);

  return (
    <Page title={t('title')} size="lg">
      <Group gap="md" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="invoice-sort">
            {t('sortLabel')}
          </Text>
          <SegmentedControl
            aria-labelledby="invoice-sort"
            value={state.sort}
            onChange={(value) => show(withFilter(state, { sort: value as Sort }))}
            data={SORTS.map((value) => ({ value, label: t(`sort.${value}`) }))}
          />
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="invoice-order">
            {t('orderLabel')}
          </Text>
          <SegmentedControl
            aria-labelledby="invoice-order"
            value={state.order}
            onChange={(value) => show(withFilter(state, { order: value as Order }))}
            data={ORDERS.map((value) => ({ value, label: t(`order.${value}`) }))}
          />
        </Stack>
      </Group>
      <Tabs value={state.tab} onChange={(next) => next && show(withFilter(state, { tab: next as Tab }))} keepMounted={false}>
        <ScrollArea type="auto" scrollbarSize={6} offsetScrollbars="x" mb="md">
          <Tabs.List aria-label={t('tabsLabel')} style={{ flexWrap: 'nowrap' }}>
            {TABS.map((tab) => (
              <Tabs.Tab key={tab} value={tab} px="sm" style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
                {t(`tabs.${tab}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </ScrollArea>
        {TABS.map((tab) => (
          <Tabs.Panel key={tab} value={tab}>
            <TabContent
              tab={tab}
              list={list}
              onPage={(page) => show({ ...state, page })}
              onOpen={(invoice) => show({ ...state, invoice })}
              onPay={setPaying}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
      <InvoiceDrawer id={state.invoice} onClose={() => show({ ...state, invoice: null })} onPay={setPaying} onCancel={setCancelling} />
      <PayDialog invoice={paying} onClose={() => setPaying(null)} />
      <CancelDialog invoice={cancelling} onClose={() => setCancelling(null)} />
    </Page>
  );
}
