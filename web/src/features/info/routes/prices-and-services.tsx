import { Alert, Loader, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { errorText } from '@/shared/api/error-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { formatEuros } from '@/shared/lib/money';
import { Page } from '@/shared/ui/page';

import { useProducts } from '../api/get-products';

function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : language, { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(`${iso}T00:00:00`));
}

/**
 * The public price list (spec 2 section 9) from the server's products; the additional promotion
 * shows "price on request" until an administrator prices it (its amount is not published).
 */
export function Component() {
  const { t } = useTranslation();
  const language = useLanguage();
  const products = useProducts(language);
  const first = products.data?.[0];
  return (
    <Page title={t('prices.title')}>
      <Text size="lg">{t('prices.intro')}</Text>
      {products.isPending && <Loader />}
      {products.isError && (
        <Alert color="red" title={t('prices.failed')}>
          {errorText(products.error)}
        </Alert>
      )}
      {products.data && (
        <>
          <Table striped withTableBorder verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('prices.service')}</Table.Th>
                <Table.Th ta="right">{t('prices.price')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {products.data.map((product) => {
                const price = formatEuros(product.priceCents, language);
                let amount = product.unit === 'DAY' ? t('prices.perDay', { price }) : price;
                if (!product.available) amount = t('prices.onRequest');
                else if (product.priceCents === 0) amount = t('prices.free');
                return (
                  <Table.Tr key={product.code}>
                    <Table.Td>
                      <Text fw={600}>{product.label}</Text>
                      {product.description && (
                        <Text size="sm" c="dimmed">
                          {product.description}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {amount}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          {first && (
            <Text size="sm" c="dimmed">
              {t('prices.note', { vat: first.vatRateBp / 100, date: formatDate(first.validFrom, language) })}
            </Text>
          )}
        </>
      )}
    </Page>
  );
}
