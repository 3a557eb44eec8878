import { fromWallClock, toWallClock } from '@/shared/lib/tallinn';
import { z } from '@/shared/lib/zod';

/** The server's limits (`domain::interviews`): mirrored so the form refuses what the server would. */
export const MAX_DURATION = 480;
export const MAX_SLOTS = 20;
export const MAX_TEXT = 2000;
export const MAX_LOCATION = 300;

export type InterviewTypeValue = 'OFFICE' | 'ONLINE' | 'OTHER';

/** One offered time as typed: a Tallinn date and wall-clock times. */
export interface SlotValues {
  date: string;
  from: string;
  to: string;
}

export interface InterviewValues {
  type: InterviewTypeValue;
  durationMinutes: number;
  slots: SlotValues[];
  link: string;
  location: string;
  description: string;
  /** The spec's "applicant notification": off, the applicant gets no mail or notification about this interview. */
  notifyApplicant: boolean;
}

export function emptyValues(now = new Date()): InterviewValues {
  const tomorrow = toWallClock(new Date(now.getTime() + 24 * 3600 * 1000)).slice(0, 10);
  return { type: 'ONLINE', durationMinutes: 60, slots: [{ date: tomorrow, from: '10:00', to: '12:00' }], link: '', location: '', description: '', notifyApplicant: true };
}

/** A slot as UTC instants. */
export function slotPeriod(slot: SlotValues): { start: string; end: string } {
  return { start: fromWallClock(`${slot.date}T${slot.from}:00`), end: fromWallClock(`${slot.date}T${slot.to}:00`) };
}

/** Form values of a stored interview (its times back in Tallinn). */
export function valuesOf(interview: {
  type: InterviewTypeValue;
  durationMinutes: number;
  slots: { start: string; end: string }[];
  link?: string | null;
  location?: string | null;
  description?: string | null;
  notifyApplicant?: boolean;
}): InterviewValues {
  return {
    type: interview.type,
    durationMinutes: interview.durationMinutes,
    slots: interview.slots.map((s) => {
      const start = toWallClock(s.start);
      const end = toWallClock(s.end);
      return { date: start.slice(0, 10), from: start.slice(11, 16), to: end.slice(11, 16) };
    }),
    link: interview.link ?? '',
    location: interview.location ?? '',
    description: interview.description ?? '',
    notifyApplicant: interview.notifyApplicant ?? true,
  };
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The form's rules, as the server's: "Wrong duration of interview", "Wrong period", the link, the lengths. */
export function interviewSchema(t: Translate, now: () => Date = () => new Date()) {
  const slot = z.object({ date: z.string().min(1, t('errors.required')), from: z.string().min(1, t('errors.required')), to: z.string().min(1, t('errors.required')) });
  return z
    .object({
      type: z.enum(['OFFICE', 'ONLINE', 'OTHER']),
      durationMinutes: z.number({ error: t('errors.duration') }).int(t('errors.duration')).min(1, t('errors.duration')).max(MAX_DURATION, t('errors.duration')),
      slots: z.array(slot).min(1, t('errors.noSlots')).max(MAX_SLOTS, t('errors.tooManySlots', { count: MAX_SLOTS })),
      link: z
        .string()
        .trim()
        .max(500, t('errors.tooLong'))
        .refine((v) => v === '' || (/^https?:\/\//i.test(v) && !/\s/.test(v)), t('errors.link')),
      location: z.string().trim().max(MAX_LOCATION, t('errors.tooLong')),
      description: z.string().trim().max(MAX_TEXT, t('errors.tooLong')),
      notifyApplicant: z.boolean(),
    })
    .superRefine((values, ctx) => {
      const periods = values.slots.map((s) => (s.date && s.from && s.to ? slotPeriod(s) : null));
      periods.forEach((p, i) => {
        if (!p) return;
        const start = Date.parse(p.start);
        const end = Date.parse(p.end);
        if (!(end > start) || start <= now().getTime()) {
          ctx.addIssue({ code: 'custom', path: ['slots', i, 'to'], message: t('errors.period') });
        } else if (end - start < values.durationMinutes * 60_000) {
          ctx.addIssue({ code: 'custom', path: ['slots', i, 'to'], message: t('errors.slotShort') });
        }
      });
      const sorted = periods.map((p, i) => ({ p, i })).filter((x) => x.p).sort((a, b) => Date.parse(a.p!.start) - Date.parse(b.p!.start));
      for (let k = 1; k < sorted.length; k += 1) {
        if (Date.parse(sorted[k].p!.start) < Date.parse(sorted[k - 1].p!.end)) {
          ctx.addIssue({ code: 'custom', path: ['slots', sorted[k].i, 'from'], message: t('errors.overlap') });
        }
      }
    });
}

/** The body of an invitation or an update. */
export function toBody(values: InterviewValues) {
  const text = (v: string) => (v.trim() === '' ? undefined : v.trim());
  return {
    type: values.type,
    durationMinutes: values.durationMinutes,
    slots: values.slots.map(slotPeriod),
    link: text(values.link),
    location: text(values.location),
    description: text(values.description),
    notifyApplicant: values.notifyApplicant,
  };
}
