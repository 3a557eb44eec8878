import type { components } from '@/shared/api/schema';

export type DisplayedState = components['schemas']['Displayed'];

/** What the employer can do with one vacancy of the list (spec 2 section 2, "Vacancy list"). */
export type VacancyAction =
  | 'publish'
  | 'edit'
  | 'preview'
  | 'buyServices'
  | 'pay'
  | 'hide'
  | 'show'
  | 'clone'
  | 'assignModerator'
  | 'archive'
  | 'delete'
  | 'deleteDraft';

/**
 * The actions a vacancy displayed as `state` offers, in the menu's order. The status moves mirror
 * the server's one transition table (`domain::vacancies::states::transition`): publish from a draft
 * or a finished vacancy, hide a running one, show a hidden one, archive a running, hidden or
 * finished one, delete any (a draft for good). A vacancy waiting for payment offers paying its
 * invoice, a running one (active or waiting for publication) buying extra services; both open the
 * billing dialogs (`shared/billing`). An archived vacancy is kept as it ended: it can be
 * looked at, copied or deleted. The CV-database vacancy has no document of its own to edit, look
 * at or copy.
 */
export function actionsFor(state: DisplayedState): VacancyAction[] {
  switch (state) {
    case 'DRAFT':
      return ['publish', 'edit', 'preview', 'clone', 'assignModerator', 'deleteDraft'];
    case 'WAITING_FOR_PAYMENT':
      return ['pay', 'edit', 'preview', 'clone', 'assignModerator', 'delete'];
    case 'WAITING_FOR_PUBLICATION':
    case 'ACTIVE':
      return ['edit', 'preview', 'buyServices', 'hide', 'clone', 'assignModerator', 'archive', 'delete'];
    case 'HIDDEN':
      return ['edit', 'preview', 'show', 'clone', 'assignModerator', 'archive', 'delete'];
    case 'FINISHED':
      return ['publish', 'edit', 'preview', 'clone', 'assignModerator', 'archive', 'delete'];
    case 'ARCHIVED':
      return ['preview', 'clone', 'delete'];
    case 'CV_DATABASE':
      return ['assignModerator', 'delete'];
    case 'DELETED':
      return [];
  }
}

/** The stored status `PUT /vacancies/{id}/status` takes for a status move. */
export const STATUS_OF = {
  hide: 'HIDDEN',
  show: 'EXISTS',
  archive: 'ARCHIVED',
  delete: 'DELETED',
} as const satisfies Partial<Record<VacancyAction, string>>;

export type StatusAction = keyof typeof STATUS_OF;

export const isStatusAction = (action: VacancyAction): action is StatusAction => action in STATUS_OF;

/** Paths below the language of the screens an action opens. */
export const MY_VACANCIES = '/employer/account/my-vacancies';
export const editPath = (id: string) => `${MY_VACANCIES}/${id}/edit`;
export const previewPath = (id: string) => `${MY_VACANCIES}/${id}/preview`;
/** The wizard's publish step. */
export const publishPath = (id: string) => `${editPath(id)}?step=publish`;
