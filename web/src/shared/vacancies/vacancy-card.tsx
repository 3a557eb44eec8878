import { ActionIcon, Anchor, Avatar, Badge, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { type Language } from '@/shared/i18n/languages';
import { useLocalizedPath } from '@/shared/i18n/use-language';
import { companyInitials } from '@/shared/lib/initials';
import { isApplicant, useMe } from '@/shared/session/me';

import type { VacancyListItem } from './api';
import { useChangeFavourite } from './favourite';
import { cardLocation, cutTeaser, estonianDate, inLanguage, salaryLine } from './format';

/** Saves or forgets the vacancy; clicks while a change is on its way are ignored (spec 1 section 4). */
export function FavouriteButton({ vacancyId, initial }: { vacancyId: string; initial: boolean }) {
  const { t } = useTranslation();
  const [favourite, setFavourite] = useState(initial);
  const change = useChangeFavourite();
  const label = favourite ? t('vacancy.unfavourite') : t('vacancy.favourite');
  const toggle = () => {
    if (change.isPending) return;
    change.mutate({ vacancyId, favourite: !favourite }, { onSuccess: () => setFavourite(!favourite) });
  };
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant={favourite ? 'filled' : 'default'}
        color="red"
        radius="xl"
        size="lg"
        aria-label={label}
        aria-pressed={favourite}
        aria-busy={change.isPending}
        onClick={toggle}
      >
        <span aria-hidden>{favourite ? '♥' : '♡'}</span>
      </ActionIcon>
    </Tooltip>
  );
}

/** "Pay range given" (issue 35 §4): the ad states its pay, as the pay transparency directive asks. */
export function PayRangeBadge() {
  const { t } = useTranslation();
  return (
    <Badge variant="outline" color="teal.9" size="sm" data-testid="pay-range-given">
      {t('vacancy.payRangeGiven')}
    </Badge>
  );
}

/**
 * A vacancy in a list (spec 1 sections 2 and 3); the title links to the vacancy page. `footer`
 * goes below a line at the card's foot (the recommendations' reasons and "not for me").
 */
export function VacancyCard({ vacancy, language, footer }: { vacancy: VacancyListItem; language: Language; footer?: ReactNode }) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const me = useMe().data ?? null;
  const cover = vacancy.cover?.url ?? null;
  const title = vacancy.occupation.labels[language] || vacancy.occupation.labels.et;
  const salary = vacancy.byAgreement ? t('vacancy.byAgreement') : salaryLine(vacancy, language, { from: t('vacancy.from'), upTo: t('vacancy.upTo') });
  const teaser = inLanguage(vacancy.teasers, language)?.content;
  const location = cardLocation(vacancy.address);
  const expires = estonianDate(vacancy.validUntil);
  const tags = (['remoteWork', 'shiftWork', 'forStudents', 'forUnderage', 'forRetired', 'forDisabled', 'forForeigners'] as const).filter((flag) => vacancy[flag]);
  return (
    <Card
      withBorder
      shadow={vacancy.premiumStatus > 0 ? 'sm' : undefined}
      padding="lg"
      component="article"
      aria-label={title}
      style={
        cover
          ? { backgroundImage: `linear-gradient(rgba(255,255,255,0.88), rgba(255,255,255,0.94)), url("${cover}")`, backgroundSize: 'cover', backgroundPosition: 'center' }
          : undefined
      }
    >
      <Group align="flex-start" wrap="nowrap" gap="md" mb={footer ? 'md' : undefined}>
        <Avatar src={vacancy.companyLogo?.url ?? null} alt={vacancy.businessName} radius="md" size={56} color="blue">
          {companyInitials(vacancy.businessName)}
        </Avatar>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            {vacancy.premiumStatus > 0 && (
              <Text c="yellow.7" fz="sm" aria-label={t('vacancy.premium', { count: vacancy.premiumStatus })} title={t('vacancy.premium', { count: vacancy.premiumStatus })}>
                {'★'.repeat(Math.min(vacancy.premiumStatus, 5))}
              </Text>
            )}
            {vacancy.new && <Badge color="teal.9">{t('vacancy.new')}</Badge>}
            {vacancy.cvNotRequired && <Badge color="grape">{t('vacancy.fastApply')}</Badge>}
          </Group>
          <Anchor component={Link} to={to(`/vacancies/${vacancy.vacancyId}`)} fw={700} fz="lg" c="dark" lh={1.3}>
            {title}
          </Anchor>
          <Text fz="sm" fw={500}>
            {vacancy.businessName}
          </Text>
          {salary && (
            <Group gap="xs">
              <Text fz="sm" c="blue.8" fw={600}>
                {salary}
              </Text>
              {vacancy.payRangeGiven && <PayRangeBadge />}
            </Group>
          )}
          {teaser && (
            <Text fz="sm" c="dimmed">
              {cutTeaser(teaser)}
            </Text>
          )}
          {tags.length > 0 && (
            <Group gap={6}>
              {tags.map((flag) => (
                <Badge key={flag} variant="light" color="gray" size="sm">
                  {t(`search.flags.${flag}`)}
                </Badge>
              ))}
            </Group>
          )}
          <Group gap="md" fz="sm" c="dimmed">
            {location && <Text fz="sm">{location}</Text>}
            {expires && <Text fz="sm">{t('vacancy.validUntil', { date: expires })}</Text>}
          </Group>
        </Stack>
        {isApplicant(me) && <FavouriteButton vacancyId={vacancy.vacancyId} initial={vacancy.isFavorite} />}
      </Group>
      {footer && (
        // at the card's foot also when a grid row makes the card taller than its content
        <Card.Section withBorder inheritPadding py="xs" mt="auto">
          {footer}
        </Card.Section>
      )}
    </Card>
  );
}
