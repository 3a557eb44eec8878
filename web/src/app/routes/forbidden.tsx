import { useTranslation } from 'react-i18next';

import { MessagePage } from '@/shared/ui/message-page';
import { useDocumentTitle } from '@/shared/ui/page';

export function Forbidden() {
  const { t } = useTranslation();
  useDocumentTitle(t('forbidden.title'));
  return <MessagePage title={t('forbidden.title')} text={t('forbidden.text')} />;
}
