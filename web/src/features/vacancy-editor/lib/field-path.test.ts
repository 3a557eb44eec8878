import { describe, expect, it } from 'vitest';

import { toFormPath } from './field-path';

describe('the form path of a server field', () => {
  it('is the same name for a plain field', () => {
    expect(toFormPath('salaryTo', [])).toBe('salaryTo');
  });

  it('writes list indices with dots', () => {
    expect(toFormPath('languages[1].proficiency', [])).toBe('languages.1.proficiency');
    expect(toFormPath('questions[2].question', [])).toBe('questions.2.question');
    expect(toFormPath('galleryFileIds[3]', [])).toBe('galleryFileIds.3');
  });

  it('reads a text’s index through the languages sent', () => {
    // only English and Russian were sent: the server's contents[1] is the form's contents.2
    expect(toFormPath('contents[1].teaser', [1, 2])).toBe('contents.2.teaser');
    expect(toFormPath('contents[0].content', [1, 2])).toBe('contents.1.content');
    expect(toFormPath('languages[0].language', [1, 2])).toBe('languages.0.language');
  });

  it('falls back to the texts as a whole for an index not sent', () => {
    expect(toFormPath('contents[5].teaser', [0])).toBe('contents');
    expect(toFormPath('contents', [0])).toBe('contents');
  });
});
