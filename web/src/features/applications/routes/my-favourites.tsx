import { Button, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { errorText } from '@/shared/api/error-text';
import { useLanguage, useLocalizedPath } from '@/shared/i18n/use-language';
import { Page } from '@/shared/ui/page';
import { useFavourites } from '@/shared/vacancies/favourite';
import { VacancyCard } from '@/shared/vacancies/vacancy-card';

import { loadTexts, NAMESPACE } from '../texts';

export const loader = loadTexts;

/**
 * `/account/my-favourites`: the saved vacancies as the same cards as the search. Their heart is
 * the one remove: it forgets the vacancy and the list, shared with every card, drops it.
 */
export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const to = useLocalizedPath();
  const language = useLanguage();
  const favourites = useFavourites();
  return (
    <Page title={t('favourites.title')}>
      {favourites.isPending ? (
        <Loader mx="auto" my="xl" display="block" />
      ) : favourites.isError ? (
        <Text c="red">{errorText(favourites.error)}</Text>
      ) : favourites.data.length === 0 ? (
        <Stack align="flex-start" gap="sm">
          <Text c="dimmed">{t('favourites.empty')}</Text>
          <Button component={Link} to={to('/vacancies')} variant="light">
            {t('favourites.browse')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text c="dimmed">{t('favourites.intro')}</Text>
          {favourites.data.map((vacancy) => (
            <VacancyCard key={vacancy.vacancyId} vacancy={vacancy} language={language} />
          ))}
        </Stack>
      )}
    </Page>
  );
}
