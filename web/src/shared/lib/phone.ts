export const PHONE_PREFIX = '+372';

/** What an empty phone field shows: the Estonian prefix. */
export function phoneFieldValue(stored: string | null | undefined): string {
  return stored && stored.trim() ? stored : PHONE_PREFIX;
}

/** What is stored for a field value: the bare prefix counts as no phone. */
export function phoneToStore(value: string): string {
  const trimmed = value.replace(/\s+/g, '');
  return trimmed === PHONE_PREFIX ? '' : trimmed;
}

/** A phone must start with a country code (+ and digits), e.g. +37251234567. */
export function isValidPhone(value: string): boolean {
  return /^\+\d{7,15}$/.test(value.replace(/\s+/g, ''));
}
