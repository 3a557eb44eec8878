import { Box, Button, Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useLocalizedPath } from '@/shared/i18n/use-language';
import { isApplicant, isEmployer, useMe } from '@/shared/session/me';
import { useDocumentTitle } from '@/shared/ui/page';

export const handle = { transparentHeader: true };

/** The main page: hero with the about text and the two calls to action. */
export function Component() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const me = useMe().data ?? null;
  useDocumentTitle(t('home.title'));
  const start = (path: string) => (me ? to(path) : `${to('/login')}?p=${encodeURIComponent(to(path))}`);
  const cards = [
    { key: 'applicant', title: t('home.applicantTitle'), text: t('home.applicantText'), action: t('home.applicantAction'), path: '/account/profile', disabled: isEmployer(me) },
    { key: 'employer', title: t('home.employerTitle'), text: t('home.employerText'), action: t('home.employerAction'), path: '/employer/account/my-company', disabled: isApplicant(me) && !isEmployer(me) },
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
                  <Title order={2} size="h3">
                    {card.title}
                  </Title>
                  <Text c="dimmed">{card.text}</Text>
                </Stack>
                <Button component={Link} to={start(card.path)} disabled={card.disabled} variant={card.key === 'employer' ? 'light' : 'filled'}>
                  {card.action}
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </>
  );
}
