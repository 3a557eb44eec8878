import { Alert, Button, Group, Loader, Modal, NumberInput, Radio, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '@/shared/api/errors';
import { errorText } from '@/shared/api/error-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { formatEuros } from '@/shared/lib/money';
import { z } from '@/shared/lib/zod';
import { estonianDate } from '@/shared/vacancies/format';

import { useCreateInvoice } from '../api/create-invoice';
import { useCvBaseOffer } from '../api/get-cv-base-offer';
import type { CvBaseOffer, Invoice } from '../api/types';
import { estimate } from '../lib/estimate';
import { BILLING_NAMESPACE } from '../texts';
import { OrderTotal } from './order-total';
import { PaymentChoice } from './payment-choice';

type Kind = 'days' | 'withVacancy';

/** The order: days of access (1 to the offer's maximum), or the discounted 7 days with a vacancy. */
function CvAccessForm({ offer, onOrdered, onClose }: { offer: CvBaseOffer; onOrdered: (invoice: Invoice) => void; onClose: () => void }) {
  const { t, i18n } = useTranslation(BILLING_NAMESPACE);
  const create = useCreateInvoice();
  const range = t('cv.daysRange', { max: offer.maxDays });
  const schema = z
    .object({ kind: z.enum(['days', 'withVacancy']), days: z.union([z.number(), z.string()]) })
    .superRefine((values, context) => {
      if (values.kind !== 'days') return;
      const days = values.days;
      if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > offer.maxDays) {
        context.addIssue({ code: 'custom', path: ['days'], message: days === '' ? t('cv.daysRequired') : range });
      }
    });
  const form = useForm<{ kind: Kind; days: number | string }>({
    mode: 'controlled',
    initialValues: { kind: 'days', days: 1 },
    validate: schemaResolver(schema, { sync: true }),
  });
  const { kind, days } = form.values;
  const validDays = typeof days === 'number' && Number.isInteger(days) && days >= 1 && days <= offer.maxDays;
  const sums =
    kind === 'withVacancy' && offer.withVacancy
      ? estimate([{ offer: offer.withVacancy, quantity: 1 }])
      : validDays
        ? estimate([{ offer: offer.perDay, quantity: days as number }])
        : null;

  const submit = form.onSubmit((values) => {
    const order =
      values.kind === 'withVacancy' && offer.withVacancy ? { productCodes: [offer.withVacancy.code] } : { productCodes: [offer.perDay.code], days: values.days as number };
    create.mutate(order, {
      onSuccess: onOrdered,
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        if (error.field === 'days') form.setFieldError('days', errorText(error));
        if (error.field === 'productCodes') form.setFieldError('kind', errorText(error));
      },
    });
  });
  const onField = create.error instanceof ApiError && (create.error.field === 'days' || create.error.field === 'productCodes');

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">
          {offer.access.active
            ? offer.access.endsAt
              ? t('cv.accessUntil', { date: estonianDate(offer.access.endsAt) })
              : t('cv.accessActive')
            : t('cv.noAccess')}
        </Text>
        {offer.withVacancy && (
          <Radio.Group label={t('cv.kind')} {...form.getInputProps('kind')}>
            <Stack gap="xs" mt="xs">
              <Radio value="days" label={t('cv.byDay', { price: formatEuros(offer.perDay.priceCents, i18n.language) })} />
              <Radio
                value="withVacancy"
                label={t('cv.withVacancy', { label: offer.withVacancy.label, price: formatEuros(offer.withVacancy.priceCents, i18n.language) })}
                description={offer.withVacancy.description || undefined}
              />
            </Stack>
          </Radio.Group>
        )}
        {!offer.withVacancy && <Text size="sm">{t('cv.pricePerDay', { price: formatEuros(offer.perDay.priceCents, i18n.language) })}</Text>}
        {kind === 'days' && (
          <NumberInput
            label={t('cv.days')}
            description={t('cv.daysHint', { max: offer.maxDays })}
            required
            min={1}
            max={offer.maxDays}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            data-autofocus
            {...form.getInputProps('days')}
          />
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

function CvAccessOrder({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(BILLING_NAMESPACE);
  const language = useLanguage();
  const offer = useCvBaseOffer(language);
  const [invoice, setInvoice] = useState<Invoice | null>(null);
  if (invoice) return <PaymentChoice invoice={invoice} onClose={onClose} />;
  if (offer.isPending) return <Loader aria-label={t('translation:common.loading')} />;
  if (offer.isError) {
    return (
      <Alert color="red" role="alert">
        {errorText(offer.error)}
      </Alert>
    );
  }
  return <CvAccessForm offer={offer.data} onOrdered={setInvoice} onClose={onClose} />;
}

/**
 * Buying access to the CV database: the days (or the discounted week with a vacancy), the order's
 * total, then paying its invoice. Exported for every screen that sells the access (my services, the
 * CV database).
 */
export function BuyCvAccessDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(BILLING_NAMESPACE);
  return (
    <Modal opened={opened} onClose={onClose} title={t('cv.title')} centered size="lg">
      {opened && <CvAccessOrder onClose={onClose} />}
    </Modal>
  );
}
