import { Badge, Button, Stack, Text } from '@mantine/core';
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
import { ProductDialog } from '../components/product-dialog';
import { ResponsiveList, TwoLines } from '../components/responsive-list';
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
  return (
    <Page title={t('prices.title')} size="lg">
      <Stack gap="md">
        <Text c="dimmed">{t('prices.intro')}</Text>
        <ResponsiveList
          rows={products.data?.content ?? []}
          rowKey={(product) => product.code}
          columns={[
            {
              header: t('prices.product'),
              cell: (product) => <TwoLines main={labelIn(product, language)} note={`${product.code} · ${t(`prices.unit.${product.unit}`)}`} />,
            },
            { header: t('prices.price'), cell: (product) => formatEuros(product.priceCents, language), numeric: true },
            { header: t('prices.vat'), cell: (product) => `${product.vatRateBp / 100} %`, numeric: true },
            { header: t('prices.validFrom'), cell: (product) => estonianDate(product.validFrom) },
            {
              header: t('prices.state'),
              cell: (product) => (
                <Badge variant="light" color={product.isActive ? 'green' : 'gray'}>
                  {product.isActive ? t('prices.isActive') : t('prices.inactive')}
                </Badge>
              ),
            },
          ]}
          actions={{
            header: t('companies.actions'),
            cell: (product) => (
              <Button size="xs" variant="light" onClick={() => setEditing(product)} aria-label={t('prices.editNamed', { name: labelIn(product, language) })}>
                {t('prices.edit')}
              </Button>
            ),
          }}
          cardLabel={(product) => labelIn(product, language)}
          label={t('prices.title')}
          minWidth={760}
          table={{ striped: true, highlightOnHover: true }}
          query={products}
        />
        <Pager page={page} total={products.data?.totalPages ?? 0} onChange={(next) => setParams(writeListParams('', next))} />
      </Stack>
      <ProductDialog product={editing} onClose={() => setEditing(null)} />
    </Page>
  );
}
