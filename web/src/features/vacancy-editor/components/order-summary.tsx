import { Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { formatEuros } from '@/shared/lib/money';

import type { OrderQuote } from '../api/types';

const percent = (fraction: number) => `${Math.round(fraction * 1000) / 10} %`;

/** The order as the invoice will have it: each line's net, then net, VAT and total (spec 2 section 9 amounts). */
export function OrderSummary({ quote, loading }: { quote: OrderQuote | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation('vacancyEditor');
  const money = (cents: number) => formatEuros(cents, i18n.language);
  if (!quote) return loading ? <Skeleton h={140} /> : null;
  return (
    <Stack gap="xs" aria-busy={loading} style={{ opacity: loading ? 0.6 : 1 }}>
      <Table verticalSpacing="xs" aria-label={t('publish.summary')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('publish.product')}</Table.Th>
            <Table.Th ta="right">{t('publish.net')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {quote.lines.map((line) => (
            <Table.Tr key={line.code}>
              <Table.Td>
                <Text size="sm">{line.label}</Text>
                <Text size="xs" c="dimmed">
                  {t('publish.lineDetail', { quantity: line.quantity, price: money(line.unitPriceCents) })}
                  {line.discount > 0 ? ` · ${t('publish.discount', { percent: percent(line.discount) })}` : ''}
                  {` · ${t('publish.vatRate', { percent: percent(line.vatRateBp / 10000) })}`}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {money(line.netCents)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap={4} px="xs">
        <Group justify="space-between">
          <Text size="sm">{t('publish.subtotal')}</Text>
          <Text size="sm">{money(quote.subtotalCents)}</Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm">{t('publish.vat')}</Text>
          <Text size="sm">{money(quote.vatCents)}</Text>
        </Group>
        <Group justify="space-between">
          <Text fw={700}>{t('publish.total')}</Text>
          <Text fw={700}>{money(quote.totalCents)}</Text>
        </Group>
      </Stack>
    </Stack>
  );
}
