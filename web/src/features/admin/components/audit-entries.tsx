import { Code, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Pager } from '@/shared/vacancies/pager';

import { type AuditSubject, useOwnAuditEntries } from '../api/get-audit';
import { auditTarget, auditTime } from '../lib/audit-format';
import { ListStatus } from './list-status';

/** A company's or a person's own entries of the audit log, newest first, paged. */
export function AuditEntries({ subject }: { subject: AuditSubject }) {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(0);
  const log = useOwnAuditEntries(subject, page);
  const rows = log.data?.content ?? [];
  return (
    <Stack gap="sm">
      <ScrollArea type="auto">
        <Table striped verticalSpacing="xs" miw={720}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('audit.when')}</Table.Th>
              <Table.Th>{t('audit.actor')}</Table.Th>
              <Table.Th>{t('audit.action')}</Table.Th>
              <Table.Th>{t('audit.target')}</Table.Th>
              <Table.Th>{t('audit.details')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{auditTime(entry.createdAt)}</Table.Td>
                <Table.Td>{entry.actor ?? '—'}</Table.Td>
                <Table.Td>
                  <Code>{entry.action}</Code>
                </Table.Td>
                <Table.Td>{auditTarget(entry)}</Table.Td>
                <Table.Td maw={280}>
                  <Text size="xs" ff="monospace" style={{ wordBreak: 'break-word' }}>
                    {JSON.stringify(entry.details)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {log.isSuccess && rows.length === 0 && <Text c="dimmed">{t('ownAudit.empty')}</Text>}
      <ListStatus query={log} />
      <Pager page={page} total={log.data?.totalPages ?? 0} onChange={setPage} />
    </Stack>
  );
}
