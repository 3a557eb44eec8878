import { Card, Center, Group, Loader, NativeSelect, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { errorText } from '@/shared/api/error-text';
import { Page } from '@/shared/ui/page';

import { useMarket } from '../api/get-market';
import type { ListingKind, MarketFilter } from '../api/types';
import { ListingCard } from './listing-card';
import { NAMESPACE } from '../texts';

const LANGUAGES = ['et', 'en', 'ru'] as const;
const PRICES = ['free', 'paid'] as const;
const WHENS = ['upcoming', 'anytime'] as const;

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((item) => item === value);
}

/** The filters in the URL (`?language=&price=&when=`), unknown values left out. */
export function readFilter(params: URLSearchParams): MarketFilter {
  const filter: MarketFilter = {};
  const language = pick(params.get('language'), LANGUAGES);
  const price = pick(params.get('price'), PRICES);
  const when = pick(params.get('when'), WHENS);
  if (language) filter.language = language;
  if (price) filter.price = price;
  if (when) filter.when = when;
  return filter;
}

/** The employers' screen of one market: its listings with the language, price and time filters. */
export function MarketScreen({ kind }: { kind: ListingKind }) {
  const { t } = useTranslation(NAMESPACE);
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const listings = useMarket(kind, filter);
  const screen = kind === 'COURSE' ? 'courses' : 'outsource';
  const set = (name: keyof MarketFilter, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  let body;
  if (listings.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label={t('translation:common.loading')} />
      </Center>
    );
  } else if (listings.isError) {
    body = <Text c="red">{errorText(listings.error)}</Text>;
  } else if (!listings.data.length) {
    body = (
      <Card withBorder padding="xl" radius="md">
        <Text ta="center">{t(Object.keys(filter).length ? 'emptyFiltered' : `${screen}.empty`)}</Text>
      </Card>
    );
  } else {
    body = (
      <Stack gap="md">
        {listings.data.map((listing) => (
          <ListingCard key={listing.id} listing={listing} />
        ))}
      </Stack>
    );
  }
  return (
    <Page title={t(`${screen}.title`)} size="lg">
      <Text>{t(`${screen}.intro`)}</Text>
      <Group align="flex-end" gap="md" role="search" aria-label={t('filters')}>
        <NativeSelect
          label={t('filter.language')}
          value={filter.language ?? ''}
          onChange={(event) => set('language', event.currentTarget.value)}
          data={[{ value: '', label: t('filter.all') }, ...LANGUAGES.map((code) => ({ value: code, label: t(`language.${code}`) }))]}
        />
        <NativeSelect
          label={t('filter.price')}
          value={filter.price ?? ''}
          onChange={(event) => set('price', event.currentTarget.value)}
          data={[{ value: '', label: t('filter.all') }, ...PRICES.map((price) => ({ value: price, label: t(`filter.prices.${price}`) }))]}
        />
        <NativeSelect
          label={t('filter.when')}
          value={filter.when ?? ''}
          onChange={(event) => set('when', event.currentTarget.value)}
          data={[{ value: '', label: t('filter.all') }, ...WHENS.map((when) => ({ value: when, label: t(`filter.whens.${when}`) }))]}
        />
      </Group>
      {body}
    </Page>
  );
}
