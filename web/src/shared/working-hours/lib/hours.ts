import type { WorkingDay } from '../api/types';

/** Working days as FullCalendar business hours (its days: 0 = Sunday; ours: 7 = Sunday). */
export function businessHours(days: WorkingDay[]) {
  return days.map((d) => ({ daysOfWeek: [d.weekday % 7], startTime: d.start, endTime: d.end }));
}

/** One row per weekday for the editor: on/off and the times. */
export interface DayRow {
  weekday: number;
  on: boolean;
  start: string;
  end: string;
}

export function rowsOf(days: WorkingDay[]): DayRow[] {
  return [1, 2, 3, 4, 5, 6, 7].map((weekday) => {
    const day = days.find((d) => d.weekday === weekday);
    return { weekday, on: !!day, start: day?.start ?? '09:00', end: day?.end ?? '17:00' };
  });
}

export function daysOf(rows: DayRow[]): WorkingDay[] {
  return rows.filter((r) => r.on).map((r) => ({ weekday: r.weekday, start: r.start, end: r.end }));
}
