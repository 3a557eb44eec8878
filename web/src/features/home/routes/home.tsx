import { Box, Button, Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useLanguage, useLocalizedPath } from '@/shared/i18n/use-language';
import { loadRecommendationTexts } from '@/shared/recommendations/texts';
import { type Creation, mayCreate, useCreationLink } from '@/shared/session/creation';
import { isApplicant, useMe } from '@/shared/session/me';
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

interface CallToAction {
  key: 'applicant' | 'employer';
  creation: Creation;
  icon: ReactNode;
}

const CALLS_TO_ACTION: CallToAction[] = [
  { key: 'applicant', creation: 'cv', icon: <CvIcon /> },
  { key: 'employer', creation: 'vacancy', icon: <VacancyIcon /> },
];

/**
 * The card's button: a link to creating, or, for a signed-in user without the card's role, a
 * button that stays focusable and says it is unavailable and why (not a link to "Access denied").
 */
function CallToActionButton({ card, signedIn, disabled, hintId }: { card: CallToAction; signedIn: boolean; disabled: boolean; hintId: string }) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const creationLink = useCreationLink();
  const variant = card.key === 'employer' ? 'light' : 'filled';
  const label = t(`home.${card.key}Action`);
  if (disabled) {
    return (
      <Button data-disabled aria-disabled="true" aria-describedby={hintId} variant={variant} onClick={(event) => event.preventDefault()}>
        {label}
      </Button>
    );
  }
  const link = creationLink(card.creation);
  // a visitor signs in first and comes back to creating
  const target = signedIn ? link.to : `${to('/login')}?p=${encodeURIComponent(link.to)}`;
  return (
    <Button component={Link} to={target} onClick={link.onClick} variant={variant}>
      {label}
    </Button>
  );
}

/** The main page: hero with the about text and the two calls to action. */
export function Component() {
  const { t } = useTranslation();
  const language = useLanguage();
  const me = useMe().data ?? null;
  useDocumentTitle(t('home.title'));
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
          {CALLS_TO_ACTION.map((card) => {
            const disabled = !mayCreate(me, card.creation);
            const hintId = `home-${card.key}-unavailable`;
            return (
              <Card key={card.key} withBorder shadow="sm" padding="xl">
                <Stack gap="sm" h="100%" justify="space-between">
                  <Stack gap="xs">
                    <ThemeIcon size={48} radius="md" variant="light" color={disabled ? 'gray' : 'blue'}>
                      {card.icon}
                    </ThemeIcon>
                    <Title order={2} size="h3">
                      {t(`home.${card.key}Title`)}
                    </Title>
                    <Text c="dimmed">{t(`home.${card.key}Text`)}</Text>
                  </Stack>
                  <Stack gap={6}>
                    <CallToActionButton card={card} signedIn={!!me} disabled={disabled} hintId={hintId} />
                    {disabled && (
                      <Text id={hintId} size="sm" c="dimmed">
                        {t(`home.${card.key}Unavailable`)}
                      </Text>
                    )}
                  </Stack>
                </Stack>
              </Card>
            );
          })}
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
