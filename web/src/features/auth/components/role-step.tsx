import { Button, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Step 4: employer or applicant. */
export function RoleStep({ onEmployer, onApplicant, busy }: { onEmployer: () => void; onApplicant: () => void; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Text>{t('login.roleIntro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder padding="lg">
          <Stack gap="sm" h="100%" justify="space-between">
            <Text size="sm">{t('login.applicantText')}</Text>
            <Button onClick={onApplicant} loading={busy} disabled={busy}>
              {t('login.applicant')}
            </Button>
          </Stack>
        </Card>
        <Card withBorder padding="lg">
          <Stack gap="sm" h="100%" justify="space-between">
            <Text size="sm">{t('login.employerText')}</Text>
            <Button variant="light" onClick={onEmployer} disabled={busy}>
              {t('login.employer')}
            </Button>
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
