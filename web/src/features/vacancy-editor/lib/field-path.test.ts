import { describe, expect, it } from 'vitest';

import { toFormPath } from './field-path';

describe('the form path of a server field', () => {
  it('is the same name for a plain field', () => {
    expect(toFormPath('salaryTo')).toBe('salaryTo');
  });

  it('writes list indices with dots', () => {
    expect(toFormPath('languages[1].proficiency')).toBe('languages.1.proficiency');
    expect(toFormPath('questions[2].question')).toBe('questions.2.question');
    expect(toFormPath('galleryFileIds[3]')).toBe('galleryFileIds.3');
  });

  it('reads a sent list index through the remap', () => {
    // only English and Russian were sent: the server's contents[1] is the form's contents.2
    const sent = [1, 2];
    expect(toFormPath('contents[1].teaser', { contents: (index) => sent[index] })).toBe('contents.2.teaser');
    expect(toFormPath('languages[0].language', { contents: (index) => sent[index] })).toBe('languages.0.language');
  });

  it('falls back to the list itself for an index the remap does not know', () => {
    expect(toFormPath('contents[5].teaser', { contents: () => undefined })).toBe('contents');
  });
});
