import type { InterviewSlot } from '../api/types';

export const START_STEP_MINUTES = 15;
const MINUTE = 60_000;

/**
 * The starts to offer inside a slot: every quarter of an hour from `earliestStart` (rounded up to
 * the quarter) to `latestStart`, so the whole interview stays inside the slot. A slot whose
 * window holds no quarter offers its earliest start alone. Quarters of Tallinn time are quarters
 * of UTC, as Tallinn's offset is whole hours.
 */
export function startOptions(slot: Pick<InterviewSlot, 'earliestStart' | 'latestStart'>, stepMinutes = START_STEP_MINUTES): string[] {
  const earliest = Date.parse(slot.earliestStart);
  const latest = Date.parse(slot.latestStart);
  if (Number.isNaN(earliest) || Number.isNaN(latest) || latest < earliest) return [];
  const step = stepMinutes * MINUTE;
  const first = Math.ceil(earliest / step) * step;
  const starts: string[] = [];
  for (let time = first; time <= latest; time += step) starts.push(new Date(time).toISOString());
  return starts.length > 0 ? starts : [new Date(earliest).toISOString()];
}

/** The end of an interview starting at `start`. */
export function endOf(start: string, durationMinutes: number): string {
  return new Date(Date.parse(start) + durationMinutes * MINUTE).toISOString();
}

/** Whether the applicant also picks a start inside the slot (the slot has room to spare). */
export function needsStartChoice(slot: Pick<InterviewSlot, 'earliestStart' | 'latestStart'>): boolean {
  return Date.parse(slot.latestStart) > Date.parse(slot.earliestStart);
}

/** The slots that can still be chosen. */
export function choosableSlots<T extends Pick<InterviewSlot, 'choosable'>>(slots: readonly T[]): T[] {
  return slots.filter((slot) => slot.choosable);
}
