import { Alert, Button, Group, Modal, NumberInput, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';

import { ApiError } from '@/shared/api/errors';
import { errorText } from '@/shared/api/error-text';
import { z } from '@/shared/lib/zod';
import { setServerFieldError } from '@/shared/lib/server-field-errors';
import { notifySuccess } from '@/shared/ui/notify';
import { TextArea } from '@/shared/ui/text-area';

import type { AdminProduct } from '../api/get-products';
import { useUpdateProduct } from '../api/update-product';
import { centsOf, eurosOf } from '../lib/money';

const LANGUAGES = ['Et', 'En', 'Ru'] as const;

/** Edits one product of the price list: texts in three languages, price, VAT rate, active flag. */
export function ProductDialog({ product, onClose }: { product: AdminProduct | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Modal opened={!!product} onClose={onClose} title={product ? t('prices.editTitle', { code: product.code }) : ''} size="lg" centered>
      {product && <ProductForm key={product.code} product={product} onClose={onClose} />}
    </Modal>
  );
}

function ProductForm({ product, onClose }: { product: AdminProduct; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const update = useUpdateProduct();
  const label = z.string().trim().min(1, t('prices.required')).max(200, t('prices.tooLong', { max: 200 }));
  const description = z.string().max(2000, t('prices.tooLong', { max: 2000 }));
  const schema = z.object({
    labelEt: label,
    labelEn: label,
    labelRu: label,
    descriptionEt: description,
    descriptionEn: description,
    descriptionRu: description,
    price: z.number(t('prices.required')).min(0, t('prices.priceRange')).max(1_000_000, t('prices.priceRange')),
    vat: z.number(t('prices.required')).min(0, t('prices.vatRange')).max(100, t('prices.vatRange')),
    isActive: z.boolean(),
  });
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: {
      labelEt: product.labelEt,
      labelEn: product.labelEn,
      labelRu: product.labelRu,
      descriptionEt: product.descriptionEt,
      descriptionEn: product.descriptionEn,
      descriptionRu: product.descriptionRu,
      price: eurosOf(product.priceCents),
      vat: product.vatRateBp / 100,
      isActive: product.isActive,
    },
    validate: schemaResolver(schema, { sync: true }),
  });
  const submit = form.onSubmit(({ price, vat, ...values }) =>
    update.mutate(
      { code: product.code, ...values, priceCents: centsOf(price), vatRateBp: Math.round(vat * 100) },
      {
        onSuccess: () => {
          notifySuccess(t('prices.saved'));
          onClose();
        },
        onError: (error) => setServerFieldError(form, error, { renames: { priceCents: 'price', vatRateBp: 'vat' } }),
      },
    ),
  );
  const unplaced = update.isError && !(update.error instanceof ApiError && update.error.field);
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {LANGUAGES.map((language) => (
            <TextInput
              key={form.key(`label${language}`)}
              label={t(`prices.label${language}`)}
              required
              maxLength={200}
              {...form.getInputProps(`label${language}`)}
            />
          ))}
        </SimpleGrid>
        {LANGUAGES.map((language) => (
          <TextArea
            key={form.key(`description${language}`)}
            label={t(`prices.description${language}`)}
            minRows={2}
            maxLength={2000}
            {...form.getInputProps(`description${language}`)}
          />
        ))}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            key={form.key('price')}
            label={t('prices.price')}
            description={t('prices.priceHint')}
            min={0}
            decimalScale={2}
            step={0.01}
            prefix="€ "
            required
            {...form.getInputProps('price')}
          />
          <NumberInput
            key={form.key('vat')}
            label={t('prices.vat')}
            min={0}
            max={100}
            decimalScale={2}
            suffix=" %"
            required
            {...form.getInputProps('vat')}
          />
        </SimpleGrid>
        <Switch key={form.key('isActive')} label={t('prices.active')} {...form.getInputProps('isActive', { type: 'checkbox' })} />
        <Alert variant="light">{t('prices.newOrdersOnly')}</Alert>
        {unplaced && (
          <Alert color="red" role="alert">
            {errorText(update.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            {t('translation:common.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('prices.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
