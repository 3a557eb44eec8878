import { Alert, Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { Me } from '@/shared/api/types';

/** After step 5 when the claim on the company waits for approval (the register did not confirm it). */
export function ClaimPendingStep({ me, onDone }: { me: Me; onDone: () => void }) {
  const { t } = useTranslation();
  const companies = (me.pendingClaims ?? []).map((claim) => claim.businessName).join(', ');
  return (
    <Stack gap="md">
      <Alert color="yellow" role="status">
        {t('login.claimPendingText', { companies })}
      </Alert>
      <Group justify="flex-end">
        <Button onClick={onDone} autoFocus>
          {t('login.claimPendingDone')}
        </Button>
      </Group>
    </Stack>
  );
}
