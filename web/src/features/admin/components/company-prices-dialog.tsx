import { ActionIcon, Alert, Badge, Button, Card, Group, Loader, Modal, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';

import { ApiError } from '@/shared/api/errors';
import { errorText } from '@/shared/api/error-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { formatEuros } from '@/shared/lib/money';
import { setServerFieldError } from '@/shared/lib/server-field-errors';
import { z } from '@/shared/lib/zod';
import { notifySuccess } from '@/shared/ui/notify';

import { type CompanyKey, type CompanyProductPrice, useCompanyPrices } from '../api/get-company-prices';
import { useRemoveCompanyPrice } from '../api/remove-company-price';
import { useSetCompanyPrice } from '../api/set-company-price';
import { centsOf, eurosOf, fractionOf, percentOf } from '../lib/money';

export interface PricedCompany extends CompanyKey {
  businessName: string;
}

/** A company's own price and discount per product; the company sees them at once in its products and publish step. */
export function CompanyPricesDialog({ company, onClose }: { company: PricedCompany | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Modal opened={!!company} onClose={onClose} title={company ? t('companyPrices.title', { name: company.businessName }) : ''} size="xl" centered>
      {company && <CompanyPrices company={company} />}
    </Modal>
  );
}

function CompanyPrices({ company }: { company: PricedCompany }) {
  const { t } = useTranslation('admin');
  const prices = useCompanyPrices(company);
  if (prices.isPending) return <Loader aria-label={t('translation:common.loading')} />;
  if (prices.isError) return <Text c="red">{errorText(prices.error)}</Text>;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('companyPrices.intro')}
      </Text>
      {prices.data.map((price) => (
        // saved or reset terms start the row's form afresh
        <PriceRow key={`${price.code}:${price.priceCents}:${price.discount}:${price.custom}`} company={company} price={price} />
      ))}
    </Stack>
  );
}

function PriceRow({ company, price }: { company: CompanyKey; price: CompanyProductPrice }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const save = useSetCompanyPrice(company);
  const remove = useRemoveCompanyPrice(company);
  const schema = z.object({
    ownPrice: z.union([z.number().min(0, t('prices.priceRange')).max(1_000_000, t('prices.priceRange')), z.literal('')]),
    discount: z.number(t('prices.required')).min(0, t('companyPrices.discountRange')).max(100, t('companyPrices.discountRange')),
  });
  const form = useForm<{ ownPrice: number | ''; discount: number }>({
    mode: 'uncontrolled',
    initialValues: { ownPrice: price.priceCents == null ? '' : eurosOf(price.priceCents), discount: percentOf(price.discount) },
    validate: schemaResolver(schema, { sync: true }),
  });
  const submit = form.onSubmit(({ ownPrice, discount }) =>
    save.mutate(
      { productCode: price.code, priceCents: ownPrice === '' ? null : centsOf(ownPrice), discount: fractionOf(discount) },
      {
        onSuccess: () => notifySuccess(t('companyPrices.saved', { product: price.label })),
        onError: (error) => setServerFieldError(form, error, { renames: { priceCents: 'ownPrice' } }),
      },
    ),
  );
  const failed = save.isError && !(save.error instanceof ApiError && save.error.field) ? save.error : remove.error;
  return (
    <Card withBorder padding="sm" component="section" aria-label={price.label}>
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Text fw={600}>{price.label}</Text>
              <Text size="xs" c="dimmed">
                {t('companyPrices.listPrice', { price: formatEuros(price.listPriceCents, language) })}
                {' · '}
                {t('companyPrices.pays', { price: formatEuros(price.netPriceCents, language) })}
              </Text>
            </div>
            <Group gap={4} wrap="nowrap">
              {!price.isActive && (
                <Badge variant="light" color="gray">
                  {t('prices.inactive')}
                </Badge>
              )}
              {price.custom && <Badge variant="light">{t('companyPrices.custom')}</Badge>}
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
            <NumberInput
              key={form.key('ownPrice')}
              label={t('companyPrices.ownPrice')}
              placeholder={t('companyPrices.listPricePlaceholder')}
              min={0}
              decimalScale={2}
              prefix="€ "
              size="xs"
              {...form.getInputProps('ownPrice')}
            />
            <NumberInput
              key={form.key('discount')}
              label={t('companyPrices.discount')}
              min={0}
              max={100}
              decimalScale={2}
              suffix=" %"
              size="xs"
              {...form.getInputProps('discount')}
            />
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <Button type="submit" size="xs" loading={save.isPending} aria-label={t('companyPrices.saveNamed', { product: price.label })}>
                {t('prices.save')}
              </Button>
              {price.custom && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  loading={remove.isPending}
                  aria-label={t('companyPrices.resetNamed', { product: price.label })}
                  onClick={() => remove.mutate(price.code, { onSuccess: () => notifySuccess(t('companyPrices.reset', { product: price.label })) })}
                >
                  ↺
                </ActionIcon>
              )}
            </Group>
          </SimpleGrid>
          {failed && (
            <Alert color="red" role="alert">
              {errorText(failed)}
            </Alert>
          )}
        </Stack>
      </form>
    </Card>
  );
}
