import { describe, expect, it } from 'vitest';

import { deltaToPlain, plainToDelta } from './description';

describe('company description', () => {
  it('edits a delta as its text and stores the text as a delta', () => {
    const stored = '{"ops":[{"insert":"Teeme "},{"insert":"maju","attributes":{"bold":true}},{"insert":"\\n"}]}';
    expect(deltaToPlain(stored)).toBe('Teeme maju');
    expect(JSON.parse(plainToDelta(' Teeme maju\nja saunu '))).toEqual({ ops: [{ insert: 'Teeme maju\nja saunu\n' }] });
  });

  it('an empty text is no description', () => {
    expect(plainToDelta('   ')).toBe('');
    expect(deltaToPlain(undefined)).toBe('');
  });
});
