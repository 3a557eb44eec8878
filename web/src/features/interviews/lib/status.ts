import type { ApplicantInterview, DisplayStatus } from '../api/types';

/** The badge colour of each display status (spec 1 section 4). */
export const STATUS_COLORS: Record<DisplayStatus, string> = {
  invited: 'blue',
  accepted: 'green',
  acceptedNow: 'teal',
  acceptedExpired: 'cyan',
  completed: 'gray',
  canceled: 'red',
  inviteExpired: 'orange',
};

export function statusColor(status: DisplayStatus): string {
  return STATUS_COLORS[status];
}

/** An open invitation with a time still to choose. */
export function canAccept(interview: Pick<ApplicantInterview, 'status' | 'displayStatus'>): boolean {
  return interview.status === 'INVITED' && interview.displayStatus === 'invited';
}

/** The server lets an invitation be declined, and an accepted interview be canceled before it starts. */
export function canCancel(interview: Pick<ApplicantInterview, 'status' | 'displayStatus'>): boolean {
  return interview.status === 'INVITED' || (interview.status === 'ACCEPTED' && interview.displayStatus === 'accepted');
}
