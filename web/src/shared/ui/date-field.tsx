import '@mantine/dates/styles.css';
import 'dayjs/locale/et';
import 'dayjs/locale/ru';

import { ActionIcon, Popover, TextInput, type TextInputProps } from '@mantine/core';
import { DatePicker, DatesProvider } from '@mantine/dates';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useLanguage } from '@/shared/i18n/use-language';
import {
  type Bounds,
  clampDate,
  formatDate,
  fromIsoDate,
  nearestEnabled,
  parseDate,
  shiftedDay,
  toIsoDate,
  WRAPPER_FORMAT,
  wrapperBounds,
} from '@/shared/lib/date-field';

export interface DateFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'min' | 'max'> {
  /** `YYYY-MM-DD`, or empty */
  value: string | null;
  onChange: (value: string | null) => void;
  /** Defaults to the date wrapper's range: 1 January 1900 to about a year ahead. */
  min?: Date;
  max?: Date;
  format?: string;
  /** Dates that may not be picked: greyed in the calendar, and a typed one moves to the nearest enabled date. */
  excludeDate?: (date: Date) => boolean;
}

function shortMonthNames(language: string): string[] {
  const format = new Intl.DateTimeFormat(language, { month: 'short' });
  return Array.from({ length: 12 }, (_, month) => format.format(new Date(2000, month, 1)).replace(/\.$/, ''));
}

/**
 * The date wrapper of spec 1 section 5: typed as dd/MM/yyyy or picked from a calendar of six weeks
 * starting on Monday. Empty text clears the value; text that is not a date marks the field invalid;
 * a date outside the range, or on a disabled date, moves to the nearest allowed one. Enter toggles the
 * picker, Escape closes it; in the calendar the arrows move by a day or a week, Shift with ←/→ by a
 * month and with ↑/↓ by a year.
 */
export function DateField({ value, onChange, min, max, format = WRAPPER_FORMAT, excludeDate, error, ...rest }: DateFieldProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const months = useMemo(() => shortMonthNames(language), [language]);
  const bounds: Bounds = useMemo(() => {
    const defaults = wrapperBounds();
    return { min: min ?? defaults.min, max: max ?? defaults.max };
  }, [min, max]);
  const shown = (iso: string | null) => {
    const date = fromIsoDate(iso);
    return date ? formatDate(date, format, months) : '';
  };
  const [text, setText] = useState(() => shown(value));
  const [invalid, setInvalid] = useState(false);
  const [opened, setOpened] = useState(false);
  const calendarId = useId();
  // the month the calendar shows, moved by Shift with the arrows
  const [month, setMonth] = useState<string | null>(null);
  const dropdown = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!opened) setMonth(null);
  }, [opened]);
  const allowed = (date: Date) => (excludeDate ? nearestEnabled(date, excludeDate, bounds) : clampDate(date, bounds));

  // the value typed last: its echo from the parent must not reformat the text being typed
  const typing = useRef<string | null>(null);

  // a new value from outside (a loaded record, a reset) replaces the text
  useEffect(() => {
    if (value !== null && value === typing.current) return;
    typing.current = null;
    setText(shown(value));
    setInvalid(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, format, months]);

  function commit(input: string) {
    typing.current = null;
    const result = parseDate(input, format, months);
    if (!result.valid) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    if (!result.value) {
      setText('');
      if (value) onChange(null);
      return;
    }
    const moved = allowed(result.value);
    if (!moved) {
      setInvalid(true);
      return;
    }
    const iso = toIsoDate(moved);
    setText(shown(iso));
    if (iso !== value) onChange(iso);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit(text);
      setOpened((open) => !open);
    } else if (event.key === 'Escape') {
      setOpened(false);
    }
  }

  function onCalendarKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!event.shiftKey || event.ctrlKey || event.metaKey) return;
    const focused = (document.activeElement as HTMLElement | null)?.getAttribute('data-iso');
    const target = focused ? shiftedDay(focused, event.key) : null;
    if (!target) return;
    event.preventDefault();
    event.stopPropagation();
    const date = clampDate(fromIsoDate(target)!, bounds);
    const iso = toIsoDate(date);
    setMonth(iso);
    requestAnimationFrame(() => dropdown.current?.querySelector<HTMLElement>(`[data-iso="${iso}"]`)?.focus());
  }

  const picked = fromIsoDate(value);
  return (
    <DatesProvider settings={{ locale: language, firstDayOfWeek: 1, consistentWeeks: true }}>
      {/* the calendar button, not the text field, says it opens the calendar: a text field may not carry aria-expanded (withRoles off) */}
      <Popover opened={opened} onChange={setOpened} position="bottom-start" trapFocus={false} transitionProps={{ duration: 200 }} withRoles={false}>
        <Popover.Target>
          <TextInput
            {...rest}
            value={text}
            placeholder={rest.placeholder ?? format.toLowerCase()}
            onChange={(event) => {
              const typed = event.currentTarget.value;
              setText(typed);
              if (invalid) setInvalid(false);
              // a complete date inside the range counts at once; the rest waits for blur or Enter
              const result = parseDate(typed, format, months);
              if (result.valid && result.value && result.value >= bounds.min && result.value <= bounds.max && !excludeDate?.(result.value)) {
                const iso = toIsoDate(result.value);
                if (iso !== value) {
                  typing.current = iso;
                  onChange(iso);
                }
              }
            }}
            onBlur={() => commit(text)}
            onKeyDown={onKeyDown}
            error={error || (invalid ? t('common.invalidDate') : undefined)}
            inputMode="numeric"
            autoComplete="off"
            rightSection={
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('common.openCalendar')}
                aria-haspopup="dialog"
                aria-expanded={opened}
                aria-controls={opened ? calendarId : undefined}
                onClick={() => setOpened((open) => !open)}
                disabled={rest.disabled}
              >
                <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                  <rect x="3" y="5" width="18" height="16" rx="2" />
                  <path d="M16 3v4M8 3v4M3 11h18" />
                </svg>
              </ActionIcon>
            }
          />
        </Popover.Target>
        <Popover.Dropdown id={calendarId} role="dialog" aria-label={t('nav.calendar')} onKeyDown={(event) => event.key === 'Escape' && setOpened(false)}>
          {/* the dropdown's own capture handler closes it on Escape; Shift with the arrows is caught here, before the day's own arrows */}
          <div ref={dropdown} onKeyDownCapture={onCalendarKeyDown}>
          <DatePicker
            value={picked ? toIsoDate(picked) : null}
            date={month ?? toIsoDate(picked ?? clampDate(new Date(), bounds))}
            onDateChange={setMonth}
            excludeDate={excludeDate ? (iso) => excludeDate(fromIsoDate(iso)!) : undefined}
            getDayProps={(iso) => ({ 'data-iso': iso })}
            minDate={toIsoDate(bounds.min)}
            maxDate={toIsoDate(bounds.max)}
            onChange={(iso) => {
              setOpened(false);
              setMonth(null);
              setInvalid(false);
              onChange(iso);
            }}
          />
          </div>
        </Popover.Dropdown>
      </Popover>
    </DatesProvider>
  );
}
