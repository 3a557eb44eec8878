import { Alert, Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';

import { ApiError } from '@/shared/api/errors';
import { errorText } from '@/shared/api/error-text';
import { useLanguage, useLocalizedPath } from '@/shared/i18n/use-language';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';
import { MessagePage } from '@/shared/ui/message-page';
import { useDocumentTitle } from '@/shared/ui/page';

import { useApplication } from '../api/get-application';
import { useApplicationChat } from '../api/get-application-chat';
import { ApplicationView } from '../components/application-view';
import { loadTexts, NAMESPACE } from '../texts';

export const loader = loadTexts;

/** The chat of the application, once the employer has started one: its last message and the way to it. */
function ApplicationChatCard({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation(NAMESPACE);
  const to = useLocalizedPath();
  const chat = useApplicationChat(applicationId, true);
  if (chat.isPending) return null;
  if (chat.isError) return <Alert color="red">{errorText(chat.error)}</Alert>;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="application-chat">
      <Stack gap="xs">
        <Text id="application-chat" fw={700}>
          {t('detail.chatTitle')}
        </Text>
        {chat.data ? (
          <>
            <Group gap="xs">
              <Text size="sm">{chat.data.otherParty}</Text>
              {chat.data.unread > 0 && <Badge color="red">{t('detail.unread', { count: chat.data.unread })}</Badge>}
            </Group>
            {chat.data.lastMessage && (
              <Text size="sm" c="dimmed" lineClamp={2}>
                {chat.data.lastMessage}
              </Text>
            )}
            <Anchor component={Link} to={to(`/account/messages?chat=${chat.data.chatId}`)} fw={600}>
              {t('detail.openChat')}
            </Anchor>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('detail.noChat')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** `/account/my-applications/:applicationId`: one of the applicant's applications in full, with its chat. */
export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const { applicationId = '' } = useParams();
  const language = useLanguage();
  const application = useApplication(applicationId);
  useDocumentTitle(t('link.title'));
  if (application.isPending) return <FullScreenLoader />;
  if (application.isError) {
    const missing = application.error instanceof ApiError && application.error.status === 404;
    return <MessagePage title={missing ? t('translation:notFound.title') : t('detail.failedTitle')} text={missing ? t('detail.notFound') : errorText(application.error)} />;
  }
  return (
    <ApplicationView application={application.data} language={language}>
      <ApplicationChatCard applicationId={applicationId} />
    </ApplicationView>
  );
}
