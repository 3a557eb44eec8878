import { Anchor, Box, Breadcrumbs, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';

import { ApiError } from '@/shared/api/errors';
import { errorText } from '@/shared/api/error-text';
import { ensureNamespace } from '@/shared/i18n';
import { useLanguage, useLocalizedPath } from '@/shared/i18n/use-language';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';
import { MessagePage } from '@/shared/ui/message-page';
import { useDocumentTitle } from '@/shared/ui/page';
import { Pager } from '@/shared/vacancies/pager';
import { VacancyCard } from '@/shared/vacancies/vacancy-card';

import { type Location, useLocation, useLocationVacancies } from '../api/get-location';
import { texts } from '../texts';

export const loader = () => ensureNamespace('locations', texts);

function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 0;
}

function Vacancies({ code }: { code: string }) {
  const { t } = useTranslation('locations');
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const vacancies = useLocationVacancies(code, page);
  const setPage = (next: number) => {
    const updated = new URLSearchParams(params);
    if (next > 0) updated.set('page', String(next));
    else updated.delete('page');
    setParams(updated);
    window.scrollTo({ top: 0 });
  };
  if (vacancies.isPending) return <FullScreenLoader />;
  return (
    <Stack gap="md">
      {vacancies.data?.content.length === 0 && <Text c="dimmed">{t('empty')}</Text>}
      {(vacancies.data?.content ?? []).map((vacancy) => (
        <VacancyCard key={vacancy.vacancyId} vacancy={vacancy} language={language} />
      ))}
      <Pager page={page} total={vacancies.data?.totalPages ?? 0} onChange={setPage} />
    </Stack>
  );
}

function LocationView({ location }: { location: Location }) {
  const { t } = useTranslation('locations');
  const to = useLocalizedPath();
  const title = location.kind === 'country' ? t('titleCountry', { place: location.label }) : t('title', { place: location.label });
  useDocumentTitle(title);
  const searchPath = location.code === 'EE' ? to('/vacancies') : `${to('/vacancies')}?cityCode=${encodeURIComponent(location.code)}`;
  return (
    <Stack gap="lg">
      {location.parents.length > 0 && (
        <Box component="nav" aria-label={t('breadcrumbs')}>
        <Breadcrumbs separator="›">
          {location.parents.map((parent) => (
            <Anchor key={parent.code} component={Link} to={to(`/locations/${parent.code}`)} size="sm">
              {parent.label}
            </Anchor>
          ))}
          <Text size="sm" c="dimmed">
            {location.label}
          </Text>
        </Breadcrumbs>
        </Box>
      )}
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{t('count', { count: location.vacancyCount })}</Text>
        </Stack>
        <Button component={Link} to={searchPath} variant="light">
          {t('searchWithFilters')}
        </Button>
      </Group>
      {location.children.length > 0 && (
        <Paper withBorder p="md" component="nav" aria-label={t(`inside.${location.kind}`, { defaultValue: t('inside.default') })}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t(`inside.${location.kind}`, { defaultValue: t('inside.default') })}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs">
              {location.children.map((child) => (
                <Anchor key={child.code} component={Link} to={to(`/locations/${child.code}`)}>
                  {child.label} ({child.vacancyCount})
                </Anchor>
              ))}
            </SimpleGrid>
          </Stack>
        </Paper>
      )}
      <Vacancies code={location.code} />
    </Stack>
  );
}

/** `/locations/{code}`: the landing page of Estonia (`EE`), a county, a municipality or a town. */
export function Component() {
  const { t } = useTranslation('locations');
  const language = useLanguage();
  const { code = 'EE' } = useParams();
  const location = useLocation(code, language);
  if (location.isPending) return <FullScreenLoader />;
  if (location.isError) {
    const missing = location.error instanceof ApiError && location.error.status === 404;
    return <MessagePage title={t(missing ? 'notFound' : 'failed')} text={missing ? t('notFoundText') : errorText(location.error)} />;
  }
  return (
    <Stack maw={1200} mx="auto" p="md">
      <LocationView location={location.data} />
    </Stack>
  );
}
