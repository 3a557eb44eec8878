import { useTranslation } from 'react-i18next';

import { MessagePage } from '@/shared/ui/message-page';
import { useDocumentTitle } from '@/shared/ui/page';

export function NotFound() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return <MessagePage title={t('notFound.title')} text={t('notFound.text')} />;
}
