import { describe, expect, it } from 'vitest';

import { snippetParts } from './snippet';

describe('a CV snippet', () => {
  it('marks the matched words and keeps the text between them', () => {
    expect(snippetParts('Sertifitseeritud <mark>kraanajuht</mark>, 12 aastat')).toEqual([
      { text: 'Sertifitseeritud ', marked: false },
      { text: 'kraanajuht', marked: true },
      { text: ', 12 aastat', marked: false },
    ]);
  });

  it('turns escaped characters back into text, never into markup', () => {
    expect(snippetParts('a &lt;b&gt; &amp; <mark>&quot;kokk&#39;</mark> &#x2F;x')).toEqual([
      { text: 'a <b> & ', marked: false },
      { text: '"kokk\'', marked: true },
      { text: ' /x', marked: false },
    ]);
  });

  it('is empty for an empty snippet', () => {
    expect(snippetParts('')).toEqual([]);
  });
});
