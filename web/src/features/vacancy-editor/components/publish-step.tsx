import { Alert, Button, Card, Checkbox, Group, Loader, Radio, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '@/shared/api/error-text';
import type { Language } from '@/shared/i18n/languages';
import { formatEuros } from '@/shared/lib/money';

import { useOrderQuote } from '../api/get-order-quote';
import { useVacancyProducts } from '../api/get-vacancy-products';
import type { EmployerVacancyDetail, VacancyProductOffer } from '../api/types';
import {
  cvBaseAllowed,
  groupOffers,
  initialChoice,
  NO_CHOICE,
  proAllowed,
  type ProductChoice,
  productCodes,
  settleChoice,
} from '../lib/products';
import { OrderSummary } from './order-summary';
import { PublishResult } from './publish-result';

/** States from which publishing orders anew (spec 2 section 4): a draft, or a vacancy whose run ended. */
export const PUBLISHABLE_STATES = ['DRAFT', 'FINISHED'] as const;

export function isPublishable(vacancy: Pick<EmployerVacancyDetail, 'displayedState'>): boolean {
  return (PUBLISHABLE_STATES as readonly string[]).includes(vacancy.displayedState);
}

function Price({ offer }: { offer: VacancyProductOffer }) {
  const { i18n } = useTranslation();
  const price = formatEuros(offer.priceCents, i18n.language);
  if (offer.priceCents >= offer.listPriceCents) return <>{price}</>;
  return (
    <>
      <Text span td="line-through" c="dimmed" size="sm">
        {formatEuros(offer.listPriceCents, i18n.language)}
      </Text>{' '}
      {price}
    </>
  );
}

function OfferRadio({ offer }: { offer: VacancyProductOffer }) {
  return (
    <Radio.Card value={offer.code} p="sm" radius="md" aria-label={offer.label}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator mt={2} />
        <Stack gap={2} style={{ flex: 1 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={600}>{offer.label}</Text>
            <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
              <Price offer={offer} />
            </Text>
          </Group>
          {offer.description && (
            <Text size="sm" c="dimmed">
              {offer.description}
            </Text>
          )}
        </Stack>
      </Group>
    </Radio.Card>
  );
}

/**
 * The publish step: one vacancy product or package, then PRO status, branding and the discounted
 * CV database as extras; the server's order summary; "Publish". A vacancy already out shows what
 * became of it instead.
 */
export function PublishStep({
  vacancy,
  language,
  sandbox,
  publishing,
  productError,
  onPublish,
}: {
  vacancy: EmployerVacancyDetail;
  language: Language;
  sandbox: boolean;
  publishing: boolean;
  /** The server's refusal of the chosen products (`productCodes`). */
  productError: string | null;
  onPublish: (productCodes: string[]) => void;
}) {
  const { t, i18n } = useTranslation('vacancyEditor');
  const products = useVacancyProducts(vacancy.id, language);
  const offers = useMemo(() => groupOffers(products.data?.products ?? []), [products.data]);
  const [picked, setPicked] = useState<ProductChoice | null>(null);
  const choice = picked ?? (products.data ? initialChoice(offers) : NO_CHOICE);
  const codes = productCodes(choice, offers);
  const quote = useOrderQuote(vacancy.id, codes, language, codes.length > 0 && isPublishable(vacancy));
  const chosen = (change: Partial<ProductChoice>) => setPicked(settleChoice({ ...choice, ...change }, offers));

  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [vacancy.displayedState]);

  if (!isPublishable(vacancy)) {
    return <PublishResult vacancyId={vacancy.id} state={vacancy.displayedState} invoice={vacancy.invoice} publishAt={vacancy.publishAt} sandbox={sandbox} />;
  }
  if (products.isPending) return <Loader aria-label={t('translation:common.loading')} />;
  if (products.isError) {
    return (
      <Alert color="red" role="alert">
        {errorText(products.error)}
      </Alert>
    );
  }

  const money = (cents: number) => formatEuros(cents, i18n.language);
  const proOptions = [
    { value: '', label: t('publish.noPro') },
    ...offers.pro.map((offer) => ({ value: offer.code, label: `${offer.label} — ${money(offer.priceCents)}`, disabled: !proAllowed(offer, choice, offers) })),
  ];

  return (
    <Stack gap="xl">
      <Radio.Group
        label={<Title order={3} size="h4">{t('publish.base')}</Title>}
        description={t('publish.baseHint')}
        value={choice.baseCode}
        onChange={(baseCode) => chosen({ baseCode })}
        error={productError ?? undefined}
      >
        <Stack gap="xs" mt="sm">
          {offers.vacancies.map((offer) => (
            <OfferRadio key={offer.code} offer={offer} />
          ))}
          {offers.packages.length > 0 && (
            <Text fw={600} size="sm" mt="xs">
              {t('publish.packages')}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xs">
            {offers.packages.map((offer) => (
              <OfferRadio key={offer.code} offer={offer} />
            ))}
          </SimpleGrid>
        </Stack>
      </Radio.Group>

      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('publish.extras')}
        </Title>
        {offers.pro.length > 0 && (
          <Select
            label={t('publish.pro')}
            description={t('publish.proHint')}
            data={proOptions}
            value={choice.proCode ?? ''}
            onChange={(value) => chosen({ proCode: value || null })}
            allowDeselect={false}
            maw={420}
          />
        )}
        {offers.branding && (
          <Checkbox
            label={`${offers.branding.label} — ${money(offers.branding.priceCents)}`}
            description={offers.branding.description}
            checked={choice.branding}
            onChange={(event) => chosen({ branding: event.currentTarget.checked })}
          />
        )}
        {offers.cvBase && (
          <Checkbox
            label={`${offers.cvBase.label} — ${money(offers.cvBase.priceCents)}`}
            description={cvBaseAllowed(choice, offers) ? offers.cvBase.description : t('publish.cvBaseInPackage')}
            checked={choice.cvBase}
            disabled={!cvBaseAllowed(choice, offers)}
            onChange={(event) => chosen({ cvBase: event.currentTarget.checked })}
          />
        )}
      </Stack>

      <Card withBorder padding="md" radius="md">
        <Stack gap="sm">
          <Title order={3} size="h4">
            {t('publish.summary')}
          </Title>
          {codes.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('publish.chooseBase')}
            </Text>
          ) : (
            <OrderSummary quote={quote.data} loading={quote.isFetching} />
          )}
          {quote.isError && (
            <Text c="red" size="sm" role="alert">
              {errorText(quote.error)}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {t('publish.payment')}
          </Text>
          <Group justify="flex-end">
            <Button size="md" disabled={codes.length === 0} loading={publishing} onClick={() => onPublish(codes)}>
              {t('publish.publish')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
