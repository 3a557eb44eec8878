import { Button, Card, Center, Group, Loader, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { IconDatabaseSearch, IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '@/shared/api/error-text';
import type { ProductGroup, ProductOffer } from '@/shared/billing/api/types';
import { BuyCvAccessDialog } from '@/shared/billing/components/buy-cv-access-dialog';
import { ContractNote } from '@/shared/billing/components/contract-note';
import { type ExtrasTarget, ExtraServicesDialog } from '@/shared/billing/components/extra-services-dialog';
import { useLanguage } from '@/shared/i18n/use-language';
import { formatEuros } from '@/shared/lib/money';
import { Page } from '@/shared/ui/page';
import { estonianDate } from '@/shared/vacancies/format';

import { type PremiumServices, usePremiumServices } from '../api/get-premium-services';
import { loadTexts, NAMESPACE } from '../texts';

export const loader = loadTexts;

/** The page's sections of the price list, in this order. */
const SECTIONS: { key: string; groups: ProductGroup[] }[] = [
  { key: 'pro', groups: ['PRO'] },
  { key: 'packages', groups: ['PACKAGE'] },
  { key: 'branding', groups: ['BRANDING'] },
  { key: 'promotion', groups: ['PROMOTION'] },
  { key: 'cvBase', groups: ['CV_BASE_DAY', 'CV_BASE'] },
];

function Prices({ title, offers }: { title: string; offers: ProductOffer[] }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const euros = (cents: number) => formatEuros(cents, i18n.language);
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {title}
      </Title>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('premium.product')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('premium.listPrice')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('premium.discount')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('premium.yourPrice')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {offers.map((offer) => (
            <Table.Tr key={offer.code}>
              <Table.Th scope="row" fw={500}>
                {offer.label}
                {offer.description && (
                  <Text size="xs" fw={400}>
                    {offer.description}
                  </Text>
                )}
              </Table.Th>
              <Table.Td ta="right">{euros(offer.listPriceCents)}</Table.Td>
              <Table.Td ta="right">{offer.discount ? `${Math.round(offer.discount * 1000) / 10} %` : '—'}</Table.Td>
              <Table.Td ta="right" fw={700}>
                {offer.unit === 'DAY' ? t('premium.perDay', { price: euros(offer.priceCents) }) : euros(offer.priceCents)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function Running({ page }: { page: PremiumServices }) {
  const { t } = useTranslation(NAMESPACE);
  if (!page.running.length) return <Text>{t('premium.nothingRunning')}</Text>;
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {page.running.map((service) => {
        const ends = estonianDate(service.endsAt);
        return (
          <Card key={service.id} component="li" withBorder padding="sm" radius="md">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text fw={600}>
                {service.label}
                {service.vacancyTitle ? ` · ${service.vacancyTitle}` : ''}
              </Text>
              <Text size="sm">
                {t(`services.status.${service.status}`)} · {ends ? t('premium.until', { date: ends }) : t('premium.noEnd')}
              </Text>
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}

function PremiumPage({ page }: { page: PremiumServices }) {
  const { t } = useTranslation(NAMESPACE);
  const [buyingCv, setBuyingCv] = useState(false);
  const [vacancyId, setVacancyId] = useState(page.vacancies[0]?.id ?? '');
  const [extrasFor, setExtrasFor] = useState<ExtrasTarget | null>(null);
  const chosen = page.vacancies.find((vacancy) => vacancy.id === vacancyId) ?? page.vacancies[0];
  const cvEnds = estonianDate(page.cvAccess.endsAt);
  const sells = (group: ProductGroup) => page.products.some((offer) => offer.group === group);
  return (
    <>
      <Stack gap="sm" component="section" aria-labelledby="premium-running">
        <Title order={2} size="h3" id="premium-running">
          {t('premium.running')}
        </Title>
        <Running page={page} />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="premium-buy">
        <Title order={2} size="h3" id="premium-buy">
          {t('premium.buy')}
        </Title>
        <Card withBorder padding="md" radius="md">
          <Stack gap="sm">
            <Text>{page.cvAccess.active && cvEnds ? t('premium.cvActive', { date: cvEnds }) : t('premium.cvNone')}</Text>
            {sells('CV_BASE_DAY') && (
              <Group>
                <Button leftSection={<IconDatabaseSearch size={18} aria-hidden />} onClick={() => setBuyingCv(true)}>
                  {t('services.buyCvAccess')}
                </Button>
              </Group>
            )}
          </Stack>
        </Card>
        <Card withBorder padding="md" radius="md">
          {page.vacancies.length ? (
            <Group align="flex-end">
              <NativeSelect
                label={t('premium.vacancy')}
                value={chosen?.id ?? ''}
                onChange={(event) => setVacancyId(event.currentTarget.value)}
                data={page.vacancies.map((vacancy) => ({ value: vacancy.id, label: vacancy.title || t('services.untitled') }))}
              />
              <Button
                leftSection={<IconSparkles size={18} aria-hidden />}
                onClick={() => chosen && setExtrasFor({ id: chosen.id, title: chosen.title || t('services.untitled') })}
              >
                {t('premium.orderExtras')}
              </Button>
            </Group>
          ) : (
            <Text>{t('premium.noVacancies')}</Text>
          )}
        </Card>
      </Stack>
      <Stack gap="md" component="section" aria-labelledby="premium-prices">
        <Title order={2} size="h3" id="premium-prices">
          {t('premium.prices')}
        </Title>
        {SECTIONS.map((section) => {
          const offers = page.products.filter((offer) => section.groups.includes(offer.group));
          return offers.length ? <Prices key={section.key} title={t(`premium.section.${section.key}`)} offers={offers} /> : null;
        })}
      </Stack>
      <BuyCvAccessDialog opened={buyingCv} onClose={() => setBuyingCv(false)} />
      <ExtraServicesDialog vacancy={extrasFor} onClose={() => setExtrasFor(null)} />
    </>
  );
}

/** `/employer/account/premium-services`: what the company may buy at its own prices, whether its orders start before payment (its contract), what it has running, and buying. */
export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const page = usePremiumServices(useLanguage());
  let body;
  if (page.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label={t('translation:common.loading')} />
      </Center>
    );
  } else if (page.isError) {
    body = <Text c="red">{errorText(page.error)}</Text>;
  } else {
    body = <PremiumPage page={page.data} />;
  }
  return (
    <Page title={t('premium.title')} size="lg">
      <Text>{t('premium.intro')}</Text>
      <ContractNote />
      {body}
    </Page>
  );
}
