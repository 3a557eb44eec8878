import './event-calendar.css';

import type { BusinessHoursInput, DatesSetArg, EventClickArg } from '@fullcalendar/core';
import enGbLocale from '@fullcalendar/core/locales/en-gb';
import etLocale from '@fullcalendar/core/locales/et';
import ruLocale from '@fullcalendar/core/locales/ru';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type DateClickArg } from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { ActionIcon, Alert, Box, Button, Group, Loader, SegmentedControl, Text, Title } from '@mantine/core';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { errorText } from '@/shared/api/error-text';
import { useLanguage, useLocalizedPath } from '@/shared/i18n/use-language';

import { type CalendarRange, useCalendar } from '../api/get-calendar';
import type { CalendarItem } from '../api/types';
import { newEventValues, valuesOfItem } from '../lib/event-form';
import { interviewsPath, toEntry } from '../lib/items';
import { componentDateToWallClock, toWallClock } from '@/shared/lib/tallinn';
import { type EventDraft, EventDialog } from './event-dialog';

const VIEWS = { month: 'dayGridMonth', week: 'timeGridWeek' } as const;
type ViewName = keyof typeof VIEWS;

const LOCALES = { et: 'et', en: 'en-gb', ru: 'ru' } as const;

/** The week view scrolls inside this height, opening at 8:00; the month view takes the room it needs. */
const WEEK_HEIGHT = 720;

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d={direction === 'left' ? 'M15 6l-6 6 6 6' : 'M9 6l6 6-6 6'} />
    </svg>
  );
}

export interface EventCalendarProps {
  /** Where an interview leads (its tab is added): the applicant's or the employer's list. */
  interviewsBase?: string;
  /** Working hours to shade outside of (week view), Tallinn wall clock. */
  businessHours?: BusinessHoursInput;
  /** Opens on the week view (where working hours show). */
  initialView?: 'month' | 'week';
}

/**
 * Mends FullCalendar's markup for assistive technology after each of its redraws:
 * - its scrolling panes (the week's hours) take the keyboard focus while they scroll, so that
 *   someone without a mouse can scroll them with the arrow keys (WCAG 2.1.1);
 * - a focusable pane may not sit between a grid and its rows, so the outer layout table is
 *   presentation and each inner table of rows (the day names, the days) is the grid;
 * - a day is named by its whole content (its number and its events), not by its number alone,
 *   so that its name holds what it shows (WCAG 2.5.3).
 */
function useAccessibleCalendarDom(container: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const mend = () => {
      for (const layout of root.querySelectorAll<HTMLElement>('table.fc-scrollgrid[role="grid"]')) {
        layout.setAttribute('role', 'presentation');
        layout.querySelectorAll(':scope > thead, :scope > tbody').forEach((section) => section.setAttribute('role', 'presentation'));
      }
      for (const table of root.querySelectorAll<HTMLElement>('table.fc-scrollgrid table[role="presentation"]')) {
        if (table.querySelector(':scope > thead > tr[role="row"], :scope > tbody > tr[role="row"]')) table.setAttribute('role', 'grid');
      }
      root.querySelectorAll('td[role="gridcell"][aria-labelledby]').forEach((day) => day.removeAttribute('aria-labelledby'));
      for (const scroller of root.querySelectorAll<HTMLElement>('.fc-scroller')) {
        const scrolls = scroller.scrollHeight > scroller.clientHeight || scroller.scrollWidth > scroller.clientWidth;
        if (scrolls) scroller.setAttribute('tabindex', '0');
        else scroller.removeAttribute('tabindex');
      }
    };
    mend();
    const redraws = new MutationObserver(mend);
    redraws.observe(root, { childList: true, subtree: true });
    const resizes = new ResizeObserver(mend);
    resizes.observe(root);
    return () => {
      redraws.disconnect();
      resizes.disconnect();
    };
  }, [container]);
}

/**
 * The user's calendar (spec 1 section 9): a month of six weeks or a week, from Monday, in Tallinn
 * time; own events to add, change and delete, and interviews that lead to the interviews screen.
 * Shared by the applicant's and the employer's calendar.
 */
export function EventCalendar({ interviewsBase, businessHours, initialView = 'month' }: EventCalendarProps = {}) {
  const { t } = useTranslation('calendar');
  const language = useLanguage();
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const calendarRef = useRef<FullCalendar>(null);
  const [view, setView] = useState<ViewName>(initialView);
  const [title, setTitle] = useState('');
  const [range, setRange] = useState<CalendarRange | null>(null);
  const [draft, setDraft] = useState<EventDraft | null>(null);
  const calendar = useCalendar(range);
  const entries = useMemo(() => (calendar.data ?? []).map(toEntry), [calendar.data]);

  const calendarApi = () => calendarRef.current?.getApi();
  const containerRef = useRef<HTMLDivElement>(null);
  useAccessibleCalendarDom(containerRef);

  function onDatesSet(info: DatesSetArg) {
    setTitle(info.view.title);
    const start = componentDateToWallClock(info.start);
    const end = componentDateToWallClock(info.end);
    setRange((current) => (current?.start === start && current.end === end ? current : { start, end }));
  }

  function changeView(next: string) {
    const name = next as ViewName;
    setView(name);
    calendarApi()?.changeView(VIEWS[name]);
  }

  function onDateClick(info: DateClickArg) {
    const wallClock = componentDateToWallClock(info.date);
    const timed = info.view.type === VIEWS.week && !info.allDay;
    const allDay = info.view.type === VIEWS.week && info.allDay;
    setDraft({ eventId: null, recurring: false, values: newEventValues(wallClock, timed, allDay) });
  }

  function onEventClick(info: EventClickArg) {
    info.jsEvent.preventDefault();
    const item = info.event.extendedProps.item as CalendarItem;
    if (item.kind === 'interview') {
      navigate(to(interviewsPath(item, interviewsBase)));
      return;
    }
    if (!item.eventId) return;
    setDraft({ eventId: item.eventId, recurring: !!item.recurrence, values: valuesOfItem(item) });
  }

  function newEvent() {
    setDraft({ eventId: null, recurring: false, values: newEventValues(toWallClock(new Date()), false) });
  }

  return (
    <Box className="vk-calendar" ref={containerRef}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <ActionIcon variant="default" size="lg" aria-label={t('toolbar.previous')} onClick={() => calendarApi()?.prev()}>
            <Chevron direction="left" />
          </ActionIcon>
          <ActionIcon variant="default" size="lg" aria-label={t('toolbar.next')} onClick={() => calendarApi()?.next()}>
            <Chevron direction="right" />
          </ActionIcon>
          <Button variant="default" onClick={() => calendarApi()?.today()}>
            {t('toolbar.today')}
          </Button>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <SegmentedControl
            value={view}
            onChange={changeView}
            data={[
              { value: 'month', label: t('toolbar.month') },
              { value: 'week', label: t('toolbar.week') },
            ]}
            aria-label={t('toolbar.view')}
          />
          <Button onClick={newEvent}>{t('toolbar.newEvent')}</Button>
        </Group>
      </Group>
      <Group gap="xs" mb="sm" align="center">
        <Title order={2} size="h3" style={{ textTransform: 'capitalize' }} aria-live="polite">
          {title}
        </Title>
        {calendar.isFetching && <Loader size="xs" aria-label={t('translation:common.loading')} />}
      </Group>
      {calendar.error && (
        // e.g. too_many_occurrences: a period with more repeating events than one answer carries
        <Alert color="red" role="alert" mb="sm">
          {errorText(calendar.error)}
        </Alert>
      )}
      <FullCalendar
        ref={calendarRef}
        plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin]}
        initialView={VIEWS[initialView]}
        businessHours={businessHours}
        headerToolbar={false}
        locales={[etLocale, enGbLocale, ruLocale]}
        locale={LOCALES[language]}
        firstDay={1}
        fixedWeekCount
        showNonCurrentDates
        timeZone="UTC"
        now={() => toWallClock(new Date())}
        height={view === 'week' ? WEEK_HEIGHT : 'auto'}
        scrollTime="08:00:00"
        views={{ timeGridWeek: { dayHeaderFormat: { weekday: 'short', day: 'numeric' } } }}
        eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        slotLabelFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        eventDisplay="block"
        dayMaxEvents={3}
        nowIndicator
        eventInteractive
        events={entries}
        datesSet={onDatesSet}
        dateClick={onDateClick}
        eventClick={onEventClick}
      />
      <Group gap="md" mt="sm">
        {(['own', 'interview', 'tentative'] as const).map((kind) => (
          <Group key={kind} gap={6} wrap="nowrap">
            <span className="vk-calendar-swatch" data-kind={kind} aria-hidden="true" />
            <Text size="sm">{t(`legend.${kind}`)}</Text>
          </Group>
        ))}
      </Group>
      <EventDialog draft={draft} onClose={() => setDraft(null)} />
    </Box>
  );
}
