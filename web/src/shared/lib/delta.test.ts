import { describe, expect, it } from 'vitest';

import { deltaToHtml } from './delta';

const delta = (ops: unknown[]) => JSON.stringify({ ops });

describe('Quill delta to HTML', () => {
  it('renders paragraphs, marks, headers and lists', () => {
    expect(
      deltaToHtml(
        delta([
          { insert: 'Title' },
          { insert: '\n', attributes: { header: 2 } },
          { insert: 'We ' },
          { insert: 'offer', attributes: { bold: true } },
          { insert: ' a ' },
          { insert: 'team', attributes: { italic: true, underline: true } },
          { insert: '\nOne' },
          { insert: '\n', attributes: { list: 'bullet' } },
          { insert: 'Two' },
          { insert: '\n', attributes: { list: 'bullet' } },
          { insert: 'First' },
          { insert: '\n', attributes: { list: 'ordered' } },
        ]),
      ),
    ).toBe('<h3>Title</h3><p>We <strong>offer</strong> a <u><em>team</em></u></p><ul><li>One</li><li>Two</li></ul><ol><li>First</li></ol>');
  });

  it('escapes text and keeps only http and https links', () => {
    expect(
      deltaToHtml(
        delta([
          { insert: '<img src=x onerror=alert(1)>' },
          { insert: 'site', attributes: { link: 'https://example.ee/?a="b"' } },
          { insert: 'bad', attributes: { link: 'javascript:alert(1)' } },
          { insert: { image: 'https://example.ee/x.png' } },
          { insert: '\n' },
        ]),
      ),
    ).toBe(
      '<p>&lt;img src=x onerror=alert(1)&gt;<a href="https://example.ee/?a=%22b%22" target="_blank" rel="noopener noreferrer nofollow">site</a>bad</p>',
    );
  });

  it('shows text that is not a delta as plain text', () => {
    expect(deltaToHtml('plain <b>text</b>')).toBe('<p>plain &lt;b&gt;text&lt;/b&gt;</p>');
  });
});
