import { Box, Button, Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useLanguage, useLocalizedPath } from '@/shared/i18n/use-language';
import { track } from '@/shared/lib/analytics';
import { loadRecommendationTexts } from '@/shared/recommendations/texts';
import { isApplicant, isEmployer, useMe } from '@/shared/session/me';
import { useDocumentTitle } from '@/shared/ui/page';
import { WhenNear } from '@/shared/ui/when-near';

// the vacancy list and its filters load after the hero, outside the initial JavaScript
const HomeVacancies = lazy(() => import('../components/home-vacancies'));
// "vacancies for you" and its texts load only for a signed-in applicant
const ForYou = lazy(() =>
  Promise.all([import('@/shared/recommendations/components/for-you'), loadRecommendationTexts()]).then(([module]) => ({ default: module.ForYou })),
);

/** How many vacancies for you the home page shows (the profile shows more). */
const HOME_FOR_YOU = 4;

export const handle = { transparentHeader: true };

function CvIcon() {
  return (
    <svg viewBox="0 0 24 24" width={28} height={28} fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d="M14 3v4a1 1 0 0 0 1 1h4" />
      <path d="M17 21H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h7l5 5v11a2 2 0 0 1-2 2z" />
      <circle cx="12" cy="11.5" r="2" />
      <path d="M8.5 17a3.5 3.5 0 0 1 7 0" />
    </svg>
  );
}

function VacancyIcon() {
  return (
    <svg viewBox="0 0 24 24" width={28} height={28} fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <rect x="3" y="7" width="18" height="13" rx="2" />
      <path d="M8 7V5a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2" />
      <path d="M12 11v5M9.5 13.5h5" />
    </svg>
  );
}

/** The main page: hero with the about text and the two calls to action. */
export function Component() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const language = useLanguage();
  const me = useMe().data ?? null;
  useDocumentTitle(t('home.title'));
  const start = (path: string) => (me ? to(path) : `${to('/login')}?p=${encodeURIComponent(to(path))}`);
  const cards = [
    { key: 'applicant', title: t('home.applicantTitle'), text: t('home.applicantText'), action: t('home.applicantAction'), path: '/account/profile', disabled: isEmployer(me), event: 'uus_cv' as const, icon: <CvIcon /> },
    { key: 'employer', title: t('home.employerTitle'), text: t('home.employerText'), action: t('home.employerAction'), path: '/employer/account/my-company', disabled: isApplicant(me) && !isEmployer(me), event: 'lisa_kuulutus' as const, icon: <VacancyIcon /> },
  ];
  return (
    <>
      <Box
        mt={-64}
        pt={64 + 56}
        pb={72}
        style={{ background: 'linear-gradient(135deg, var(--mantine-color-blue-1) 0%, var(--mantine-color-cyan-0) 60%, var(--mantine-color-body) 100%)' }}
      >
        <Container size="lg">
          <Stack gap="md" maw={680}>
            <Title order={1} fz={{ base: 32, sm: 44 }} lh={1.15}>
              {t('home.title')}
            </Title>
            <Text size="lg" c="dark.6">
              {t('home.about')}
            </Text>
          </Stack>
        </Container>
      </Box>
      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {cards.map((card) => (
            <Card key={card.key} withBorder shadow="sm" padding="xl">
              <Stack gap="sm" h="100%" justify="space-between">
                <Stack gap="xs">
                  <ThemeIcon size={48} radius="md" variant="light" color={card.disabled ? 'gray' : 'blue'}>
                    {card.icon}
                  </ThemeIcon>
                  <Title order={2} size="h3">
                    {card.title}
                  </Title>
                  <Text c="dimmed">{card.text}</Text>
                </Stack>
                <Button component={Link} to={start(card.path)} disabled={card.disabled} onClick={() => track(card.event)} variant={card.key === 'employer' ? 'light' : 'filled'}>
                  {card.action}
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
      {isApplicant(me) && (
        <Container size="lg" w="100%">
          <Suspense fallback={null}>
            <ForYou language={language} size={HOME_FOR_YOU} place="home" />
          </Suspense>
        </Container>
      )}
      <Container size="lg" pb="xl" w="100%">
        <WhenNear minHeight={600} margin="0px">
          <Suspense fallback={null}>
            <HomeVacancies language={language} />
          </Suspense>
        </WhenNear>
      </Container>
    </>
  );
}
