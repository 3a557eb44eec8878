import { Badge, Button, Card, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { ensureNamespace } from '@/shared/i18n';
import { useLanguage } from '@/shared/i18n/use-language';
import { formatEuros } from '@/shared/lib/money';
import { Page } from '@/shared/ui/page';
import { estonianDate } from '@/shared/vacancies/format';
import { Pager } from '@/shared/vacancies/pager';

import { type AdminProduct, useAdminProducts } from '../api/get-products';
import { ListStatus } from '../components/list-status';
import { ProductDialog } from '../components/product-dialog';
import { readListParams, writeListParams } from '../lib/search-params';
import { texts } from '../texts';

export const loader = () => ensureNamespace('admin', texts);

function labelIn(product: AdminProduct, language: string): string {
  if (language === 'en') return product.labelEn || product.labelEt;
  if (language === 'ru') return product.labelRu || product.labelEt;
  return product.labelEt;
}

/** `/admin/prices`: the price list's products, each edited in a dialog; a change applies to new orders only. */
export function Component() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const { page } = readListParams(params);
  const products = useAdminProducts(page);
  const [editing, setEditing] = useState<AdminProduct | null>(null);
  const rows = products.data?.content ?? [];
  return (
    <Page title={t('prices.title')} size="lg">
      <Stack gap="md">
        <Text c="dimmed">{t('prices.intro')}</Text>
        <Card withBorder padding={0}>
          <ScrollArea type="auto">
            <Table striped highlightOnHover verticalSpacing="sm" miw={760}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('prices.product')}</Table.Th>
                  <Table.Th ta="right">{t('prices.price')}</Table.Th>
                  <Table.Th ta="right">{t('prices.vat')}</Table.Th>
                  <Table.Th>{t('prices.validFrom')}</Table.Th>
                  <Table.Th>{t('prices.state')}</Table.Th>
                  <Table.Th>{t('companies.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((product) => (
                  <Table.Tr key={product.code}>
                    <Table.Td>
                      <Text fw={600}>{labelIn(product, language)}</Text>
                      <Text size="xs" c="dimmed">
                        {product.code} · {t(`prices.unit.${product.unit}`)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{formatEuros(product.priceCents, language)}</Table.Td>
                    <Table.Td ta="right">{product.vatRateBp / 100} %</Table.Td>
                    <Table.Td>{estonianDate(product.validFrom)}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={product.isActive ? 'green' : 'gray'}>
                        {product.isActive ? t('prices.isActive') : t('prices.inactive')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Button size="xs" variant="light" onClick={() => setEditing(product)} aria-label={t('prices.editNamed', { name: labelIn(product, language) })}>
                        {t('prices.edit')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          <ListStatus query={products} />
        </Card>
        <Pager page={page} total={products.data?.totalPages ?? 0} onChange={(next) => setParams(writeListParams('', next))} />
      </Stack>
      <ProductDialog product={editing} onClose={() => setEditing(null)} />
    </Page>
  );
}
