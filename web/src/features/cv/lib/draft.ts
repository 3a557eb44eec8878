import { userStorageKey } from '@/shared/lib/user-storage';

import type { CvForm } from './form';
import { STEPS } from './steps';

/**
 * The wizard's unsaved work in localStorage, one per user and per CV (`new` for a CV not yet
 * saved), so a reload mid-wizard finds it and another account on the same browser does not.
 */
export interface Draft {
  version: typeof DRAFT_VERSION;
  /** ISO time of the last change. */
  savedAt: string;
  step: number;
  form: CvForm;
}

export const DRAFT_VERSION = 1;
const PREFIX = 'cvDraft';

export function draftKey(username: string, cvId: string | null | undefined): string {
  return userStorageKey(PREFIX, username, cvId || 'new');
}

const LISTS = [
  'categories',
  'educations',
  'employmentHistories',
  'languageSkills',
  'skills',
  'driverLicences',
  'certificates',
  'courses',
  'references',
  'portfolio',
] as const;

/** A stored draft only if it still has the shape this build writes; anything else is dropped. */
function asDraft(value: unknown): Draft | null {
  if (!value || typeof value !== 'object') return null;
  const draft = value as Partial<Draft>;
  if (draft.version !== DRAFT_VERSION || typeof draft.savedAt !== 'string' || typeof draft.step !== 'number') return null;
  const form = draft.form as Partial<CvForm> | undefined;
  if (!form || typeof form !== 'object' || typeof form.title !== 'string') return null;
  if (!LISTS.every((list) => Array.isArray(form[list]))) return null;
  const step = Math.min(Math.max(Math.trunc(draft.step), 0), STEPS.length - 1);
  return { version: DRAFT_VERSION, savedAt: draft.savedAt, step, form: form as CvForm };
}

export function loadDraft(storage: Storage, key: string): Draft | null {
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const draft = asDraft(JSON.parse(raw));
    if (!draft) storage.removeItem(key);
    return draft;
  } catch {
    storage.removeItem(key);
    return null;
  }
}

export function storeDraft(storage: Storage, key: string, form: CvForm, step: number, now = new Date()): void {
  const draft: Draft = { version: DRAFT_VERSION, savedAt: now.toISOString(), step, form };
  try {
    storage.setItem(key, JSON.stringify(draft));
  } catch {
    // a full or blocked storage only costs the draft; the wizard itself goes on
  }
}

export function clearDraft(storage: Storage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // as above
  }
}

/** Moves the draft of a CV just created on the server (`new`) to the key of its id. */
export function moveDraft(storage: Storage, from: string, to: string): void {
  const draft = loadDraft(storage, from);
  clearDraft(storage, from);
  if (draft) storeDraft(storage, to, draft.form, draft.step, new Date(draft.savedAt));
}
