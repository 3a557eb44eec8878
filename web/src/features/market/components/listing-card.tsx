import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { useLanguage } from '@/shared/i18n/use-language';
import { formatEuros } from '@/shared/lib/money';
import { estonianDate } from '@/shared/vacancies/format';

import type { Listing } from '../api/types';
import { NAMESPACE } from '../texts';

/** When a listing runs: its dates, one day, or any time. */
export function listingWhen(listing: Listing, t: (key: string, options?: Record<string, unknown>) => string): string {
  const starts = estonianDate(listing.startsOn);
  const ends = estonianDate(listing.endsOn);
  if (starts && ends && ends !== starts) return t('when.period', { start: starts, end: ends });
  if (starts) return t('when.day', { date: starts });
  return t('when.anyTime');
}

/** One listing: its facts, description and the provider's link; `actions` for the administrators. */
export function ListingCard({ listing, actions, showHidden = false }: { listing: Listing; actions?: ReactNode; showHidden?: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  return (
    <Card withBorder padding="lg" radius="md" component="article" aria-labelledby={`listing-${listing.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} size="h4" id={`listing-${listing.id}`}>
            {listing.title}
          </Title>
          {showHidden && listing.hidden && (
            <Badge color="dark" variant="outline" style={{ flexShrink: 0 }}>
              {t('hiddenBadge')}
            </Badge>
          )}
        </Group>
        <Text size="sm">{t('by', { provider: listing.provider })}</Text>
        <Group gap="lg">
          <Text size="sm" fw={600}>
            {listing.priceCents == null ? t('free') : formatEuros(listing.priceCents, language)}
          </Text>
          <Text size="sm">{listingWhen(listing, t)}</Text>
          <Text size="sm">{t(`language.${listing.languageCode}`)}</Text>
        </Group>
        {listing.description && (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {listing.description}
          </Text>
        )}
        <Group justify="space-between">
          <Button
            component="a"
            href={listing.link}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            size="xs"
            rightSection={<IconExternalLink size={14} aria-hidden />}
          >
            {t('open')}
          </Button>
          {actions}
        </Group>
      </Stack>
    </Card>
  );
}
