import { Button, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { errorText } from '@/shared/api/error-text';
import { useLocalizedPath } from '@/shared/i18n/use-language';
import { Page } from '@/shared/ui/page';

import { useDeleteSavedSearch } from '../api/delete-saved-search';
import { useSavedSearches } from '../api/get-saved-searches';
import { useOpenSavedSearch } from '../api/open-saved-search';
import { useUpdateSavedSearch } from '../api/update-saved-search';
import { AlertList } from '../components/alert-list';
import { loadTexts, NAMESPACE } from '../texts';

export const loader = loadTexts;

/** `/account/my-alerts`: the applicant's saved searches, each with what is new since last opened. */
export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const to = useLocalizedPath();
  const searches = useSavedSearches();
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const open = useOpenSavedSearch();
  return (
    <Page title={t('my.title')}>
      {searches.isPending ? (
        <Loader mx="auto" my="xl" display="block" />
      ) : searches.isError ? (
        <Text c="red">{errorText(searches.error)}</Text>
      ) : searches.data.length === 0 ? (
        <Stack align="flex-start" gap="sm">
          <Text c="dimmed">{t('my.empty')}</Text>
          <Button component={Link} to={to('/vacancies')} variant="light">
            {t('my.browse')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text c="dimmed">{t('my.intro')}</Text>
          <AlertList searches={searches.data} update={update} remove={remove} onOpen={(id) => open.mutate({ id })} />
        </Stack>
      )}
    </Page>
  );
}
