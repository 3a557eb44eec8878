import { useTranslation } from 'react-i18next';

import { ensureNamespace } from '@/shared/i18n';
import { Page } from '@/shared/ui/page';

import { EventCalendar } from '../components/event-calendar';
import { texts } from '../locales/texts';

export const loader = () => ensureNamespace('calendar', texts);

/** `/account/calendar`: the user's own events and interviews by month or week. */
export function Component() {
  const { t } = useTranslation('calendar');
  return (
    <Page title={t('title')} size="lg">
      <EventCalendar />
    </Page>
  );
}
