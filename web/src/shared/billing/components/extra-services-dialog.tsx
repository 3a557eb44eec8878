import { Alert, Button, Checkbox, Group, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import { type GetInputPropsReturnType, schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '@/shared/api/errors';
import { errorText } from '@/shared/api/error-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { formatEuros } from '@/shared/lib/money';
import { z } from '@/shared/lib/zod';

import { useCreateInvoice } from '../api/create-invoice';
import { useCompanyProducts } from '../api/get-products';
import type { Invoice, ProductOffer } from '../api/types';
import { estimate } from '../lib/estimate';
import { chosenOffers, type ExtraChoice, type ExtraOffers, extraOffers, NO_EXTRAS } from '../lib/extras';
import { BILLING_NAMESPACE } from '../texts';
import { OrderTotal } from './order-total';
import { PaymentChoice } from './payment-choice';

/** The running vacancy the extras are for. */
export interface ExtrasTarget {
  id: string;
  title: string;
}

function useOfferLabel(): (offer: ProductOffer) => string {
  const { i18n } = useTranslation(BILLING_NAMESPACE);
  return (offer) => `${offer.label} — ${formatEuros(offer.priceCents, i18n.language)}`;
}

/** One of a kind, or none. */
function OneOf({ label, offers, field }: { label: string; offers: ProductOffer[]; field: GetInputPropsReturnType }) {
  const { t } = useTranslation(BILLING_NAMESPACE);
  const offerLabel = useOfferLabel();
  if (!offers.length) return null;
  return (
    <Radio.Group label={label} {...field}>
      <Stack gap={6} mt="xs">
        <Radio value="" label={t('extras.none')} />
        {offers.map((offer) => (
          <Radio key={offer.code} value={offer.code} label={offerLabel(offer)} description={offer.description || undefined} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

function ExtrasForm({ vacancy, offers, onOrdered, onClose }: { vacancy: ExtrasTarget; offers: ExtraOffers; onOrdered: (invoice: Invoice) => void; onClose: () => void }) {
  const { t } = useTranslation(BILLING_NAMESPACE);
  const offerLabel = useOfferLabel();
  const create = useCreateInvoice();
  const schema = z
    .object({ proCode: z.string(), packageCode: z.string(), branding: z.boolean(), promotions: z.array(z.string()) })
    .refine((choice) => chosenOffers(choice, offers).length > 0, { path: ['productCodes'], message: t('extras.required') });
  const form = useForm<ExtraChoice>({ mode: 'controlled', initialValues: NO_EXTRAS, validate: schemaResolver(schema, { sync: true }) });
  const chosen = chosenOffers(form.values, offers);
  const sums = chosen.length ? estimate(chosen.map((offer) => ({ offer, quantity: 1 }))) : null;

  const submit = form.onSubmit((choice) => {
    create.mutate(
      { productCodes: chosenOffers(choice, offers).map((offer) => offer.code), vacancyId: vacancy.id },
      {
        onSuccess: onOrdered,
        onError: (error) => {
          if (error instanceof ApiError && (error.field === 'productCodes' || error.field === 'vacancyId')) form.setFieldError('productCodes', errorText(error));
        },
      },
    );
  });
  const onField = create.error instanceof ApiError && (create.error.field === 'productCodes' || create.error.field === 'vacancyId');
  const choiceError = form.errors.productCodes;

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{t('extras.text', { title: vacancy.title })}</Text>
        <OneOf label={t('extras.pro')} offers={offers.pro} field={form.getInputProps('proCode')} />
        <OneOf label={t('extras.package')} offers={offers.packages} field={form.getInputProps('packageCode')} />
        {(offers.branding || offers.promotions.length > 0) && (
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('extras.more')}
            </Text>
            {offers.branding && (
              <Checkbox label={offerLabel(offers.branding)} description={offers.branding.description || undefined} {...form.getInputProps('branding', { type: 'checkbox' })} />
            )}
            {offers.promotions.length > 0 && (
              <Checkbox.Group {...form.getInputProps('promotions')}>
                <Stack gap={6}>
                  {offers.promotions.map((offer) => (
                    <Checkbox key={offer.code} value={offer.code} label={offerLabel(offer)} description={offer.description || undefined} />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
          </Stack>
        )}
        {choiceError && (
          <Text c="red" size="sm" role="alert">
            {choiceError}
          </Text>
        )}
        <OrderTotal estimate={sums} />
        {create.isError && !onField && (
          <Alert color="red" role="alert">
            {errorText(create.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={create.isPending}>
            {t('translation:common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('order.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ExtrasOrder({ vacancy, onClose }: { vacancy: ExtrasTarget; onClose: () => void }) {
  const { t } = useTranslation(BILLING_NAMESPACE);
  const language = useLanguage();
  const products = useCompanyProducts(language);
  const [invoice, setInvoice] = useState<Invoice | null>(null);
  if (invoice) return <PaymentChoice invoice={invoice} onClose={onClose} />;
  if (products.isPending) return <Loader aria-label={t('translation:common.loading')} />;
  if (products.isError) {
    return (
      <Alert color="red" role="alert">
        {errorText(products.error)}
      </Alert>
    );
  }
  return <ExtrasForm vacancy={vacancy} offers={extraOffers(products.data)} onOrdered={setInvoice} onClose={onClose} />;
}

/**
 * Extra services for a running vacancy (active or waiting for publication): a PRO level, a package,
 * branding, promotion; ordering makes an invoice, which is paid next in the same dialog.
 */
export function ExtraServicesDialog({ vacancy, onClose }: { vacancy: ExtrasTarget | null; onClose: () => void }) {
  const { t } = useTranslation(BILLING_NAMESPACE);
  return (
    <Modal opened={!!vacancy} onClose={onClose} title={t('extras.title')} centered size="lg">
      {vacancy && <ExtrasOrder key={vacancy.id} vacancy={vacancy} onClose={onClose} />}
    </Modal>
  );
}
