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
  parseDate,
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
}

function shortMonthNames(language: string): string[] {
  const format = new Intl.DateTimeFormat(language, { month: 'short' });
  return Array.from({ length: 12 }, (_, month) => format.format(new Date(2000, month, 1)).replace(/\.$/, ''));
}

/**
 * The date wrapper of spec 1 section 5: typed as dd/MM/yyyy or picked from a calendar of six weeks
 * starting on Monday. Empty text clears the value; text that is not a date marks the field invalid;
 * a date outside the range moves to the nearest allowed one. Enter toggles the picker, Escape closes it.
 */
export function DateField({ value, onChange, min, max, format = WRAPPER_FORMAT, error, ...rest }: DateFieldProps) {
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
    const iso = toIsoDate(clampDate(result.value, bounds));
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
              if (result.valid && result.value && result.value >= bounds.min && result.value <= bounds.max) {
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
          <DatePicker
            value={picked ? toIsoDate(picked) : null}
            defaultDate={toIsoDate(picked ?? clampDate(new Date(), bounds))}
            minDate={toIsoDate(bounds.min)}
            maxDate={toIsoDate(bounds.max)}
            onChange={(iso) => {
              setOpened(false);
              setInvalid(false);
              onChange(iso);
            }}
          />
        </Popover.Dropdown>
      </Popover>
    </DatesProvider>
  );
}
