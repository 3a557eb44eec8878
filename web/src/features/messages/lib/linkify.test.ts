import { describe, expect, it } from 'vitest';

import { messageParts } from './linkify';

describe('links in a message', () => {
  it('become links between the plain text around them', () => {
    expect(messageParts('Vaata https://kokk.ee/proov ja www.vakants.ee, kirjuta mari@example.ee!')).toEqual([
      { kind: 'text', text: 'Vaata ' },
      { kind: 'link', text: 'https://kokk.ee/proov', href: 'https://kokk.ee/proov' },
      { kind: 'text', text: ' ja ' },
      { kind: 'link', text: 'www.vakants.ee', href: 'http://www.vakants.ee' },
      { kind: 'text', text: ', kirjuta ' },
      { kind: 'link', text: 'mari@example.ee', href: 'mailto:mari@example.ee' },
      { kind: 'text', text: '!' },
    ]);
  });

  it('leave text without links and markup as it is', () => {
    expect(messageParts('<b>Tere</b>')).toEqual([{ kind: 'text', text: '<b>Tere</b>' }]);
    expect(messageParts('')).toEqual([]);
  });

  it('never make a script address clickable', () => {
    expect(messageParts('javascript:alert(1)').every((part) => part.kind === 'text')).toBe(true);
  });
});
