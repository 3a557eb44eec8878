import { ActionIcon, CopyButton, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { formatEuros } from '@/shared/lib/money';
import { estonianDate } from '@/shared/vacancies/format';

import type { BankDetails as Bank } from '../api/types';
import { BILLING_NAMESPACE } from '../texts';

/** An IBAN as it is printed, in groups of four (the copy keeps it whole). */
export function printedIban(iban: string): string {
  return iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** A value with a button that copies it, saying so for a moment. */
function Copyable({ value, shown = value, label }: { value: string; shown?: string; label: string }) {
  const { t } = useTranslation(BILLING_NAMESPACE);
  return (
    <Group gap={6} wrap="nowrap">
      <Text span ff="monospace" size="sm">
        {shown}
      </Text>
      <CopyButton value={value} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('bank.copied') : label} withArrow>
            <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={copied ? t('bank.copied') : label}>
              {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

export interface BankDetailsProps {
  bank: Bank;
  referenceNumber: string;
  totalCents: number;
  dueOn: string;
  invoiceNumber?: string;
}

/**
 * How to pay an invoice by bank transfer: the recipient and account, the reference number to quote
 * (with a button that copies it, and the IBAN's), the amount and the due date.
 */
export function BankDetails({ bank, referenceNumber, totalCents, dueOn, invoiceNumber }: BankDetailsProps) {
  const { t, i18n } = useTranslation(BILLING_NAMESPACE);
  const rows: [string, ReactNode][] = [
    [t('bank.recipient'), bank.recipient],
    [t('bank.iban'), <Copyable key="iban" value={bank.iban.replace(/\s+/g, '')} shown={printedIban(bank.iban)} label={t('bank.copyIban')} />],
    [t('bank.bankName'), `${bank.bankName} (${bank.bic})`],
    [t('bank.referenceNumber'), <Copyable key="reference" value={referenceNumber} label={t('bank.copyReference')} />],
    [t('bank.amount'), formatEuros(totalCents, i18n.language)],
    [t('bank.dueOn'), estonianDate(dueOn) ?? dueOn],
  ];
  if (invoiceNumber) rows.push([t('bank.explanation'), t('bank.explanationText', { number: invoiceNumber })]);
  return (
    <Table variant="vertical" withTableBorder aria-label={t('bank.title')}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={{ base: 110, sm: 170 }}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
