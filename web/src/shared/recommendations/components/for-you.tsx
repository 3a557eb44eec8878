import { Alert, Anchor, Button, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

import { errorText } from '@/shared/api/error-text';
import type { Language } from '@/shared/i18n/languages';
import { useLocalizedPath } from '@/shared/i18n/use-language';
import { useCreationLink } from '@/shared/session/creation';
import { VacancyCard } from '@/shared/vacancies/vacancy-card';

import { useRecommendations } from '../api/get-recommendations';
import { useHideRecommendation } from '../api/hide-recommendation';
import type { Recommendation } from '../api/types';
import { useUnhideRecommendation } from '../api/unhide-recommendation';
import { reasonLine } from '../lib/reasons';
import { RECOMMENDATIONS_NAMESPACE } from '../texts';

const SECTION_ID = 'for-you';

interface Hidden {
  vacancyId: string;
  title: string;
}

/** The card's foot: why the vacancy fits, and "not for me". */
function Why({ item, language, onHide, hiding }: { item: Recommendation; language: Language; onHide: () => void; hiding: boolean }) {
  const { t } = useTranslation(RECOMMENDATIONS_NAMESPACE);
  const line = reasonLine(item.reasons, language);
  return (
    <Group justify="space-between" align="center" gap="xs" wrap="wrap">
      {line ? (
        <Text fz="sm" style={{ flex: 1, minWidth: 0 }}>
          <Text span fw={600} c="teal.9">
            {t('why')}
          </Text>{' '}
          {line}
        </Text>
      ) : (
        <span />
      )}
      <Button variant="subtle" color="gray" size="compact-sm" onClick={onHide} loading={hiding}>
        {t('notForMe')}
      </Button>
    </Group>
  );
}

export interface ForYouProps {
  language: Language;
  /** How many vacancies to ask for (1 to 50). */
  size: number;
  /**
   * `home`: a section of the home page, shown only when the applicant's CV brought vacancies;
   * `profile`: the profile's section, which also says when there is no CV (with the way to make one)
   * or nothing fits it.
   */
  place: 'home' | 'profile';
}

/** "Vacancies for you": the live vacancies that fit the applicant's CV, each saying why, each with "not for me". */
export function ForYou({ language, size, place }: ForYouProps) {
  const { t } = useTranslation(RECOMMENDATIONS_NAMESPACE);
  const to = useLocalizedPath();
  const creationLink = useCreationLink();
  const headingId = useId();
  const list = useRecommendations(size);
  const hide = useHideRecommendation();
  const unhide = useUnhideRecommendation();
  const [hidden, setHidden] = useState<Hidden | null>(null);
  const section = useRef<HTMLDivElement>(null);
  const { hash } = useLocation();
  const loaded = list.isSuccess;
  // the home page's "all vacancies for you" link leads here; the section comes after the data
  useEffect(() => {
    if (loaded && hash === `#${SECTION_ID}`) section.current?.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);

  const items = list.data?.items ?? [];
  const hasCv = !!list.data?.cvId;
  if (place === 'home' && (!hasCv || items.length === 0) && !hidden) return null;

  const titleOf = (item: Recommendation) => item.vacancy.occupation.labels[language] || item.vacancy.occupation.labels.et;
  const hideItem = (item: Recommendation) =>
    hide.mutate(item.vacancy.vacancyId, { onSuccess: () => setHidden({ vacancyId: item.vacancy.vacancyId, title: titleOf(item) }) });
  const undo = () => hidden && unhide.mutate(hidden.vacancyId, { onSuccess: () => setHidden(null) });

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId} id={SECTION_ID} ref={section} pb={place === 'home' ? 'xl' : undefined}>
      <Stack gap={4}>
        <Title order={2} id={headingId}>
          {t('title')}
        </Title>
        {hasCv && items.length > 0 && (
          <Text c="dimmed" fz="sm">
            {t('lead')}
          </Text>
        )}
        <div aria-live="polite">
          {hidden && (
            <Alert color="gray" variant="light" p="sm" mt="sm">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text fz="sm">{t('hidden', { title: hidden.title })}</Text>
                <Button variant="white" size="compact-sm" onClick={undo} loading={unhide.isPending}>
                  {t('undo')}
                </Button>
              </Group>
            </Alert>
          )}
        </div>
      </Stack>
      {list.isPending ? (
        <Center py="md">
          <Loader role="progressbar" size="sm" aria-label={t('translation:common.loading')} />
        </Center>
      ) : list.isError ? (
        <Text c="red" role="alert">
          {errorText(list.error)}
        </Text>
      ) : !hasCv ? (
        <Stack gap="xs" align="flex-start">
          <Text>{t('noCv')}</Text>
          <Button component={Link} {...creationLink('cv')}>
            {t('createCv')}
          </Button>
        </Stack>
      ) : items.length === 0 ? (
        <Text c="dimmed">{t('empty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {items.map((item) => (
            <VacancyCard
              key={item.vacancy.vacancyId}
              vacancy={item.vacancy}
              language={language}
              footer={<Why item={item} language={language} onHide={() => hideItem(item)} hiding={hide.isPending && hide.variables === item.vacancy.vacancyId} />}
            />
          ))}
        </SimpleGrid>
      )}
      {place === 'home' && hasCv && items.length > 0 && (
        <Anchor component={Link} to={`${to('/account/profile')}#${SECTION_ID}`} fz="sm">
          {t('more')}
        </Anchor>
      )}
    </Stack>
  );
}
