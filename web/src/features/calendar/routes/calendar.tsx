import { useTranslation } from 'react-i18next';

import { ensureNamespace } from '@/shared/i18n';
import { Page } from '@/shared/ui/page';

import { EventCalendar } from '@/shared/calendar/components/event-calendar';
import { texts } from '@/shared/calendar/locales/texts';

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
