import type { ApplicationStatus } from './search-params';

/**
 * The moves the employer may make from each status: the server's one transition table
 * (`domain::applications::candidates::TRANSITIONS`), mirrored to offer only allowed buttons.
 */
export const MOVES: Record<ApplicationStatus, ApplicationStatus[]> = {
  TEMPORARY: ['EXISTS', 'DELETED'],
  EXISTS: ['HIDDEN', 'ARCHIVED', 'DELETED'],
  HIDDEN: ['EXISTS', 'ARCHIVED', 'DELETED'],
  ARCHIVED: ['EXISTS', 'DELETED'],
  DELETED: [],
};
