import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { ensureNamespace } from '@/shared/i18n';
import { DateField } from '@/shared/ui/date-field';
import { Page } from '@/shared/ui/page';
import { Pager } from '@/shared/vacancies/pager';

import { type AuditFilter, useAuditLog } from '../api/get-audit';
import { AuditList } from '../components/audit-entries';
import { texts } from '../texts';

export const loader = () => ensureNamespace('admin', texts);

/** The kinds of action the filter offers: each is the start of the actions it finds. */
const ACTIONS = ['impersonation.', 'company.', 'product.', 'invoice.', 'bank_statement.', 'applicant.', 'administrator.', 'account.'] as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function readFilter(params: URLSearchParams): AuditFilter {
  const page = Number(params.get('page'));
  const date = (key: string) => {
    const value = params.get(key);
    return value && ISO_DATE.test(value) ? value : null;
  };
  return {
    action: params.get('action') ?? '',
    actor: (params.get('actor') ?? '').trim(),
    target: (params.get('target') ?? '').trim(),
    from: date('from'),
    to: date('to'),
    page: Number.isInteger(page) && page > 0 ? page : 0,
  };
}

function writeFilter(filter: AuditFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['action', 'actor', 'target', 'from', 'to'] as const) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  if (filter.page > 0) params.set('page', String(filter.page));
  return params;
}

/** `/admin/audit[?action&actor&target&from&to&page]`: who did what to whom and when, newest first. */
export function Component() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const show = (change: Partial<AuditFilter>, replace = false) => setParams(writeFilter({ ...readFilter(params), ...change, page: 0 }), { replace });
  const [typed, setTyped] = useState({ actor: filter.actor, target: filter.target });
  const applyText = useDebouncedCallback((change: Partial<AuditFilter>) => show(change, true), 500);
  const type = (key: 'actor' | 'target', value: string) => {
    setTyped((current) => ({ ...current, [key]: value }));
    applyText({ [key]: value.trim() });
  };
  const log = useAuditLog(filter);
  const rows = log.data?.content ?? [];
  return (
    <Page title={t('audit.title')} size="lg">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }}>
          <Select
            label={t('audit.action')}
            clearable
            value={filter.action || null}
            onChange={(action) => show({ action: action ?? '' })}
            data={ACTIONS.map((value) => ({ value, label: t(`audit.actions.${value.replace(/\.$/, '')}`) }))}
          />
          <TextInput label={t('audit.actor')} value={typed.actor} maxLength={100} onChange={(event) => type('actor', event.currentTarget.value)} />
          <TextInput label={t('audit.target')} value={typed.target} maxLength={100} onChange={(event) => type('target', event.currentTarget.value)} />
          <DateField label={t('audit.from')} value={filter.from} onChange={(from) => show({ from })} />
          <DateField label={t('audit.to')} value={filter.to} onChange={(to) => show({ to })} />
        </SimpleGrid>
        <AuditList
          entries={rows}
          label={t('audit.title')}
          filter={{ ...filter, page: undefined }}
          minWidth={960}
          detailsWidth={360}
          framed
          query={log}
          empty={t('audit.empty')}
        />
        <Pager page={filter.page} total={log.data?.totalPages ?? 0} onChange={(page) => setParams(writeFilter({ ...filter, page }))} />
      </Stack>
    </Page>
  );
}
