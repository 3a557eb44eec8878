import { Alert, Badge, Button, Card, FileInput, Group, List, Modal, Select, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '@/shared/api/error-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { formatEuros } from '@/shared/lib/money';
import { z } from '@/shared/lib/zod';
import { notifySuccess } from '@/shared/ui/notify';
import { TextArea } from '@/shared/ui/text-area';
import { estonianDate } from '@/shared/vacancies/format';

import type { AdminInvoice } from '../api/get-invoices';
import { type UnmatchedLine, useUnmatchedLines } from '../api/get-unmatched-lines';
import { useUnpaidInvoices } from '../api/get-unpaid-invoices';
import { useDismissBankLine, useMatchBankLine } from '../api/resolve-bank-line';
import { type ImportReport, useUploadBankStatement } from '../api/upload-bank-statement';
import { ListStatus } from './list-status';

/** The largest statement the API takes. */
const MAX_STATEMENT_BYTES = 5 * 1024 * 1024;

function amount(cents: number, currency: string, language: string): string {
  return currency === 'EUR' ? formatEuros(cents, language) : `${(cents / 100).toFixed(2)} ${currency}`;
}

/** What an upload did: the invoices it paid, the lines left to resolve, the lines known already. */
function ImportResult({ report }: { report: ImportReport }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  return (
    <Alert color={report.unmatched.length ? 'orange' : 'green'} title={t('bank.imported')} role="status">
      <Stack gap={4}>
        <Text size="sm">
          {t('bank.matchedCount', { count: report.matched.length })} · {t('bank.unmatchedCount', { count: report.unmatched.length })} ·{' '}
          {t('bank.alreadyImported', { count: report.alreadyImported })}
        </Text>
        {report.matched.length > 0 && (
          <List size="sm">
            {report.matched.map((credit) => (
              <List.Item key={credit.entryReference}>
                {t('bank.paidInvoice', { number: credit.invoiceNumber, amount: formatEuros(credit.amountCents, language) })}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Alert>
  );
}

function LineCard({ line, onMatch, onDismiss }: { line: UnmatchedLine; onMatch: () => void; onDismiss: () => void }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const label = t('bank.lineNamed', { reference: line.entryReference });
  return (
    <Card withBorder padding="sm" component="article" aria-label={label}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text fw={700}>{amount(line.amountCents, line.currency, language)}</Text>
            <Text size="xs" c="dimmed">
              {line.bookedOn ? estonianDate(line.bookedOn) : '—'} · {line.entryReference}
            </Text>
          </div>
          <Badge color="orange" variant="light" style={{ textTransform: 'none' }}>
            {t(`bank.reason.${line.reason}`, { defaultValue: line.reason })}
          </Badge>
        </Group>
        {line.debtorName && <Text size="sm">{line.debtorName}</Text>}
        {(line.remittance || line.structuredReference) && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {[line.remittance, line.structuredReference].filter(Boolean).join(' · ')}
          </Text>
        )}
        {line.invoiceNumber && line.invoiceTotalCents != null && (
          <Text size="sm">{t('bank.namesInvoice', { number: line.invoiceNumber, total: formatEuros(line.invoiceTotalCents, language) })}</Text>
        )}
        <Group gap="xs">
          <Button size="xs" variant="light" color="green" onClick={onMatch} aria-label={t('bank.matchNamed', { reference: line.entryReference })}>
            {t('bank.match')}
          </Button>
          <Button size="xs" variant="subtle" color="gray" onClick={onDismiss} aria-label={t('bank.dismissNamed', { reference: line.entryReference })}>
            {t('bank.dismiss')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function useReasonForm() {
  const { t } = useTranslation('admin');
  const schema = z.object({
    reason: z.string().trim().min(1, t('prices.required')).max(500, t('prices.tooLong', { max: 500 })),
    invoiceId: z.string(),
  });
  return { schema, t };
}

/** The match form once the unpaid invoices are loaded (the invoice the line names is chosen first). */
function MatchBody({ line, onClose }: { line: UnmatchedLine; onClose: () => void }) {
  const invoices = useUnpaidInvoices(true);
  if (!invoices.isSuccess) return <ListStatus query={invoices} />;
  return <MatchForm line={line} invoices={invoices.data.content} onClose={onClose} />;
}

function MatchForm({ line, invoices, onClose }: { line: UnmatchedLine; invoices: AdminInvoice[]; onClose: () => void }) {
  const { schema, t } = useReasonForm();
  const language = useLanguage();
  const match = useMatchBankLine();
  const choices = invoices.map((invoice) => ({
    value: invoice.id,
    label: `${invoice.number} · ${invoice.buyerName} · ${formatEuros(invoice.sumCents, language)}`,
  }));
  const named = line.invoiceId && choices.some((choice) => choice.value === line.invoiceId) ? line.invoiceId : '';
  const form = useForm({
    mode: 'controlled',
    initialValues: { invoiceId: named, reason: '' },
    validate: schemaResolver(schema.refine((values) => values.invoiceId !== '', { path: ['invoiceId'], message: t('bank.chooseInvoice') }), { sync: true }),
  });
  const chosen = invoices.find((invoice) => invoice.id === form.values.invoiceId);
  const submit = form.onSubmit(({ invoiceId, reason }) =>
    match.mutate(
      { id: line.id, invoiceId, reason: reason.trim() },
      {
        onSuccess: (result) => {
          notifySuccess(result.resolvedNow ? t('bank.matched', { number: chosen?.number ?? '' }) : t('bank.resolvedAlready'));
          onClose();
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{t('bank.matchText', { amount: amount(line.amountCents, line.currency, language) })}</Text>
        <Select
          label={t('bank.invoice')}
          data={choices}
          searchable
          required
          nothingFoundMessage={t('bank.noUnpaid')}
          data-autofocus
          {...form.getInputProps('invoiceId')}
          onChange={(value) => form.setFieldValue('invoiceId', value ?? '')}
        />
        {chosen && chosen.sumCents !== line.amountCents && (
          <Alert color="orange">{t('bank.amountDiffers', { total: formatEuros(chosen.sumCents, language), amount: amount(line.amountCents, line.currency, language) })}</Alert>
        )}
        <TextArea label={t('invoices.reason')} required minRows={2} maxLength={500} {...form.getInputProps('reason')} />
        {match.isError && (
          <Alert color="red" role="alert">
            {errorText(match.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={match.isPending}>
            {t('translation:common.cancel')}
          </Button>
          <Button type="submit" color="green" loading={match.isPending}>
            {t('bank.matchSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DismissForm({ line, onClose }: { line: UnmatchedLine; onClose: () => void }) {
  const { schema, t } = useReasonForm();
  const dismiss = useDismissBankLine();
  const form = useForm({ mode: 'uncontrolled', initialValues: { reason: '', invoiceId: '' }, validate: schemaResolver(schema, { sync: true }) });
  const submit = form.onSubmit(({ reason }) =>
    dismiss.mutate(
      { id: line.id, reason: reason.trim() },
      {
        onSuccess: (result) => {
          notifySuccess(result.resolvedNow ? t('bank.dismissed', { reference: line.entryReference }) : t('bank.resolvedAlready'));
          onClose();
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{t('bank.dismissText')}</Text>
        <TextArea key={form.key('reason')} label={t('invoices.reason')} required minRows={2} maxLength={500} data-autofocus {...form.getInputProps('reason')} />
        {dismiss.isError && (
          <Alert color="red" role="alert">
            {errorText(dismiss.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={dismiss.isPending}>
            {t('translation:common.cancel')}
          </Button>
          <Button type="submit" loading={dismiss.isPending}>
            {t('bank.dismissSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type Resolving = { line: UnmatchedLine; action: 'match' | 'dismiss' };

/** On the invoices screen: upload a camt.053 statement, see what it paid, resolve the lines it could not match. */
export function BankStatements() {
  const { t } = useTranslation('admin');
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const upload = useUploadBankStatement();
  const lines = useUnmatchedLines();
  const [resolving, setResolving] = useState<Resolving | null>(null);
  const close = () => setResolving(null);
  const send = () => {
    if (!file) return;
    upload.mutate(file, { onSuccess: () => setFile(null) });
  };
  const waiting = lines.data ?? [];
  return (
    <Stack gap="md" component="section" aria-labelledby="bank-statements-title">
      <Title order={2} size="h3" id="bank-statements-title">
        {t('bank.title')}
      </Title>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Group align="flex-end" wrap="wrap">
            <FileInput
              label={t('bank.file')}
              description={t('bank.fileHint')}
              accept=".xml,application/xml,text/xml"
              value={file}
              clearable
              onChange={(chosen) => {
                const large = !!chosen && chosen.size > MAX_STATEMENT_BYTES;
                setTooLarge(large);
                setFile(large ? null : chosen);
                upload.reset();
              }}
              error={tooLarge ? t('bank.tooLarge') : undefined}
              style={{ flex: '1 1 16rem' }}
            />
            <Button onClick={send} disabled={!file} loading={upload.isPending}>
              {t('bank.upload')}
            </Button>
          </Group>
          {upload.isError && (
            <Alert color="red" role="alert">
              {errorText(upload.error)}
            </Alert>
          )}
          {upload.data && <ImportResult report={upload.data} />}
        </Stack>
      </Card>
      <Title order={3} size="h4">
        {t('bank.unmatchedTitle')}
      </Title>
      {lines.isSuccess && waiting.length === 0 && <Text c="dimmed">{t('bank.noneWaiting')}</Text>}
      <Stack gap="sm">
        {waiting.map((line) => (
          <LineCard
            key={line.id}
            line={line}
            onMatch={() => setResolving({ line, action: 'match' })}
            onDismiss={() => setResolving({ line, action: 'dismiss' })}
          />
        ))}
      </Stack>
      <ListStatus query={lines} />
      <Modal
        opened={!!resolving}
        onClose={close}
        centered
        title={
          resolving
            ? t(resolving.action === 'match' ? 'bank.matchTitle' : 'bank.dismissTitle', { reference: resolving.line.entryReference })
            : ''
        }
      >
        {resolving?.action === 'match' && <MatchBody key={resolving.line.id} line={resolving.line} onClose={close} />}
        {resolving?.action === 'dismiss' && <DismissForm key={resolving.line.id} line={resolving.line} onClose={close} />}
      </Modal>
    </Stack>
  );
}
