import { Alert, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { errorText } from '@/shared/api/error-text';
import { ensureNamespace } from '@/shared/i18n';
import { useLanguage } from '@/shared/i18n/use-language';
import { TIME_ZONE } from '@/shared/lib/tallinn';
import { useMe } from '@/shared/session/me';
import { notifySuccess } from '@/shared/ui/notify';
import { Page } from '@/shared/ui/page';

import { useAcceptStaffInvitation } from '../api/accept-staff-invitation';
import { useDeclineStaffInvitation } from '../api/decline-staff-invitation';
import { type MyStaffInvitation, useMyStaffInvitations } from '../api/get-my-staff-invitations';
import { NAMESPACE, texts } from '../locales/texts';

export const loader = () => ensureNamespace(NAMESPACE, texts);

function InvitationCard({ invitation, answering, onAccept, onDecline }: {
  invitation: MyStaffInvitation;
  answering: boolean;
  onAccept: () => void;
  onDecline: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const until = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: TIME_ZONE }).format(new Date(invitation.expiresAt));
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={invitation.businessName}>
      <Stack gap="xs">
        <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
          {invitation.businessName}
        </Text>
        {invitation.jobTitle && <Text>{t('jobTitle', { title: invitation.jobTitle })}</Text>}
        <Text size="sm" c="dimmed">
          {t('expires', { date: until })}
        </Text>
        <Group gap="sm" wrap="wrap">
          <Button onClick={onAccept} disabled={answering}>
            {t('accept')}
          </Button>
          <Button variant="default" onClick={onDecline} disabled={answering}>
            {t('decline')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * The invitations to a company's staff that wait for the signed-in user (issue 32 item 1): the
 * mailed link signs in first and lands here. Accepting makes the user an employer acting for the
 * company; declining leaves nothing.
 */
export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const me = useMe().data;
  const navigate = useNavigate();
  const language = useLanguage();
  const invitations = useMyStaffInvitations();
  const accept = useAcceptStaffInvitation();
  const decline = useDeclineStaffInvitation();
  const impersonating = !!me?.originalUser;
  const failure = accept.error ?? decline.error;
  return (
    <Page title={t('title')}>
      <Text>{t('intro')}</Text>
      {impersonating && (
        <Alert color="yellow" role="status">
          {t('impersonating')}
        </Alert>
      )}
      {failure && (
        <Alert color="red" role="alert">
          {errorText(failure)}
        </Alert>
      )}
      {invitations.isPending && <Loader aria-label={t('title')} />}
      {invitations.isError && (
        <Alert color="red" role="alert">
          {errorText(invitations.error)}
        </Alert>
      )}
      {invitations.data?.length === 0 && <Text c="dimmed">{t('none')}</Text>}
      <Stack>
        {invitations.data?.map((invitation) => (
          <InvitationCard
            key={invitation.id}
            invitation={invitation}
            answering={impersonating || accept.isPending || decline.isPending}
            onAccept={() =>
              accept.mutate(invitation.id, {
                onSuccess: () => {
                  notifySuccess(t('accepted', { company: invitation.businessName }));
                  navigate(`/${language}/employer/account/my-company`);
                },
              })
            }
            onDecline={() =>
              window.confirm(t('confirmDecline', { company: invitation.businessName })) &&
              decline.mutate(invitation.id, { onSuccess: () => notifySuccess(t('declined', { company: invitation.businessName })) })
            }
          />
        ))}
      </Stack>
    </Page>
  );
}
