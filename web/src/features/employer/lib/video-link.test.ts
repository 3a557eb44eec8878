import { describe, expect, it } from 'vitest';

import { isVideoLink } from './video-link';

describe('isVideoLink', () => {
  it('takes YouTube and Vimeo pages over http or https, and a blank field', () => {
    for (const link of ['https://www.youtube.com/watch?v=x', 'https://youtu.be/x', 'http://m.youtube.com/x', 'https://vimeo.com/1', 'https://player.vimeo.com/video/1', ' ', '']) {
      expect(isVideoLink(link), link).toBe(true);
    }
  });

  it('refuses other sites, look-alikes, addresses without a scheme and scripts', () => {
    for (const link of ['youtube.com/watch?v=x', 'https://youtube.com.evil.example/x', 'https://notvimeo.com/1', 'javascript:alert(1)', 'ftp://youtube.com/x', 'https://a:b@youtube.com/x']) {
      expect(isVideoLink(link), link).toBe(false);
    }
  });
});
