import { beforeEach, describe, expect, it } from 'vitest';

import { clearDraft, draftKey, loadDraft, moveDraft, storeDraft } from './draft';
import { emptyForm, emptyRow } from './form';

describe('CV drafts in localStorage', () => {
  beforeEach(() => localStorage.clear());

  it('keeps one draft per user and per CV', () => {
    expect(draftKey('mari@example.ee', null)).toBe('cvDraft:mari@example.ee:new');
    expect(draftKey('mari@example.ee', 'abc')).toBe('cvDraft:mari@example.ee:abc');
    expect(draftKey('jaan@example.ee', 'abc')).not.toBe(draftKey('mari@example.ee', 'abc'));
  });

  it('gives back the form and the step it stored', () => {
    const form = { ...emptyForm(), title: 'Cook', educations: [emptyRow('educations')] };
    const key = draftKey('mari@example.ee', null);
    storeDraft(localStorage, key, form, 3, new Date('2026-11-21T10:00:00Z'));
    expect(loadDraft(localStorage, key)).toEqual({ version: 1, savedAt: '2026-11-21T10:00:00.000Z', step: 3, form });
    expect(loadDraft(localStorage, draftKey('jaan@example.ee', null))).toBeNull();
    clearDraft(localStorage, key);
    expect(loadDraft(localStorage, key)).toBeNull();
  });

  it('drops what it cannot read instead of failing', () => {
    localStorage.setItem('a', '{not json');
    localStorage.setItem('b', JSON.stringify({ version: 1, savedAt: 'x', step: 0, form: { title: 'x' } }));
    localStorage.setItem('c', JSON.stringify({ version: 0, savedAt: 'x', step: 0, form: emptyForm() }));
    for (const key of ['a', 'b', 'c']) {
      expect(loadDraft(localStorage, key)).toBeNull();
      expect(localStorage.getItem(key)).toBeNull();
    }
  });

  it('keeps the step within the wizard', () => {
    localStorage.setItem('k', JSON.stringify({ version: 1, savedAt: 'x', step: 17, form: emptyForm() }));
    expect(loadDraft(localStorage, 'k')?.step).toBe(5);
  });

  it('moves the draft of a new CV to the id the server gave it', () => {
    const from = draftKey('mari@example.ee', null);
    const to = draftKey('mari@example.ee', 'cv-1');
    storeDraft(localStorage, from, { ...emptyForm(), title: 'Cook' }, 5);
    moveDraft(localStorage, from, to);
    expect(loadDraft(localStorage, from)).toBeNull();
    expect(loadDraft(localStorage, to)?.form.title).toBe('Cook');
    expect(loadDraft(localStorage, to)?.step).toBe(5);
  });
});
