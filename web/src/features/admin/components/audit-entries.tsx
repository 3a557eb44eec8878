import { Code, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Pager } from '@/shared/vacancies/pager';

import { type AuditEntry, type AuditSubject, useOwnAuditEntries } from '../api/get-audit';
import { auditTarget, auditTime } from '../lib/audit-format';
import { type ListQuery, ResponsiveList } from './responsive-list';

interface AuditListProps {
  entries: AuditEntry[];
  /** The list's accessible name. */
  label: string;
  query: ListQuery;
  /** What the entries are filtered by, the page aside. */
  filter?: unknown;
  empty: string;
  /** The table's minimum width and its details column's widest. */
  minWidth: number;
  detailsWidth: number;
  /** In a bordered card of its own (the audit screen), or bare inside a section or drawer. */
  framed: boolean;
}

/** Entries of the audit log: when, who, the action, the target and the details (cards on a phone). */
export function AuditList({ entries, label, query, filter, empty, minWidth, detailsWidth, framed }: AuditListProps) {
  const { t } = useTranslation('admin');
  return (
    <ResponsiveList
      rows={entries}
      rowKey={(entry) => entry.id}
      columns={[
        { header: t('audit.when'), cell: (entry) => auditTime(entry.createdAt), td: { style: { whiteSpace: 'nowrap' } } },
        { header: t('audit.actor'), cell: (entry) => entry.actor ?? '—', wide: true },
        { header: t('audit.action'), cell: (entry) => <Code>{entry.action}</Code>, wide: true },
        { header: t('audit.target'), cell: (entry) => auditTarget(entry), wide: true },
        {
          header: t('audit.details'),
          cell: (entry) => (
            <Text size="xs" ff="monospace" style={{ wordBreak: 'break-word' }}>
              {JSON.stringify(entry.details)}
            </Text>
          ),
          wide: true,
          td: { maw: detailsWidth },
        },
      ]}
      cardLabel={(entry) => `${entry.action}, ${auditTime(entry.createdAt)}`}
      label={label}
      minWidth={minWidth}
      table={{ striped: true, verticalSpacing: framed ? 'sm' : 'xs' }}
      framed={framed}
      query={query}
      filter={filter}
      empty={empty}
    />
  );
}

/** A company's or a person's own entries of the audit log, newest first, paged. */
export function AuditEntries({ subject, label }: { subject: AuditSubject; label: string }) {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(0);
  const log = useOwnAuditEntries(subject, page);
  const rows = log.data?.content ?? [];
  return (
    <Stack gap="sm">
      <AuditList
        entries={rows}
        label={label}
        minWidth={720}
        detailsWidth={280}
        framed={false}
        query={log}
        empty={t('ownAudit.empty')}
      />
      <Pager page={page} total={log.data?.totalPages ?? 0} onChange={setPage} />
    </Stack>
  );
}
