import { describe, expect, it } from 'vitest';

import { actionsFor, type DisplayedState, isStatusAction, publishPath, STATUS_OF, type VacancyAction } from './actions';

const STATUS_MOVES: VacancyAction[] = ['publish', 'hide', 'show', 'archive', 'delete', 'deleteDraft'];
const moves = (state: DisplayedState) => actionsFor(state).filter((action) => STATUS_MOVES.includes(action));

describe('the actions of a vacancy by its displayed state', () => {
  it('offers a draft publishing, editing and deleting for good', () => {
    expect(actionsFor('DRAFT')).toEqual(['publish', 'edit', 'preview', 'clone', 'assignModerator', 'deleteDraft']);
  });

  it('lets a vacancy waiting for payment be paid or withdrawn, not hidden or archived', () => {
    expect(moves('WAITING_FOR_PAYMENT')).toEqual(['delete']);
    expect(actionsFor('WAITING_FOR_PAYMENT')).toEqual(['pay', 'edit', 'preview', 'clone', 'assignModerator', 'delete']);
  });

  it('lets a vacancy waiting for publication be hidden, archived or deleted, and sells it extras', () => {
    expect(moves('WAITING_FOR_PUBLICATION')).toEqual(['hide', 'archive', 'delete']);
    expect(actionsFor('WAITING_FOR_PUBLICATION')).toContain('buyServices');
  });

  it('lets an active vacancy be hidden, archived or deleted, and sells it extras', () => {
    expect(actionsFor('ACTIVE')).toEqual(['edit', 'preview', 'buyServices', 'hide', 'clone', 'assignModerator', 'archive', 'delete']);
  });

  it('shows a hidden vacancy again, and never publishes it anew', () => {
    expect(moves('HIDDEN')).toEqual(['show', 'archive', 'delete']);
    expect(actionsFor('HIDDEN')).not.toContain('buyServices');
  });

  it('publishes a finished vacancy again', () => {
    expect(moves('FINISHED')).toEqual(['publish', 'archive', 'delete']);
  });

  it('keeps an archived vacancy as it ended: preview, copy or delete', () => {
    expect(actionsFor('ARCHIVED')).toEqual(['preview', 'clone', 'delete']);
  });

  it('gives the CV-database vacancy no document actions', () => {
    expect(actionsFor('CV_DATABASE')).toEqual(['assignModerator', 'delete']);
  });

  it('offers nothing on a deleted vacancy', () => {
    expect(actionsFor('DELETED')).toEqual([]);
  });

  it('deletes a draft with its own call and any other vacancy by its status', () => {
    const states: DisplayedState[] = ['DRAFT', 'WAITING_FOR_PAYMENT', 'WAITING_FOR_PUBLICATION', 'ACTIVE', 'HIDDEN', 'FINISHED', 'ARCHIVED', 'CV_DATABASE'];
    for (const state of states) {
      const actions = actionsFor(state);
      expect(actions.includes('deleteDraft'), state).toBe(state === 'DRAFT');
      expect(actions.includes('delete'), state).toBe(state !== 'DRAFT');
    }
  });

  it('sends the spec’s status names for the status moves', () => {
    expect(STATUS_OF).toEqual({ hide: 'HIDDEN', show: 'EXISTS', archive: 'ARCHIVED', delete: 'DELETED' });
    expect(isStatusAction('hide')).toBe(true);
    expect(isStatusAction('deleteDraft')).toBe(false);
    expect(isStatusAction('publish')).toBe(false);
    expect(publishPath('v1')).toBe('/employer/account/my-vacancies/v1/edit?step=publish');
  });
});
