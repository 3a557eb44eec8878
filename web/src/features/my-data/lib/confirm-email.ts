/** How the server compares the typed address with the account's: case and spaces do not matter. */
const normalised = (email: string) => email.trim().toLowerCase();

export type ConfirmProblem = 'required' | 'mismatch';

/** Why the typed e-mail does not confirm deleting the account of `username`, or null. */
export function confirmEmailProblem(typed: string, username: string): ConfirmProblem | null {
  if (!typed.trim()) return 'required';
  return normalised(typed) === normalised(username) ? null : 'mismatch';
}

/** Whole minutes to wait, at least one, from a `Retry-After` in seconds. */
export function retryMinutes(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}
