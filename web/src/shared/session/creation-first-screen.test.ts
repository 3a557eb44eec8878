import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { describe, expect, it } from 'vitest';

import { CREATIONS } from './creation';

describe('the creation targets', () => {
  it('are where the server-drawn first screen’s cards lead (api/src/web/first_screen.rs), and only they', () => {
    const firstScreen = readFileSync(resolve(__dirname, '../../../../api/src/web/first_screen.rs'), 'utf8');
    // `card("applicant", "account/create-cv", false)`: who the card is for and its target, without the language
    const cards = [...firstScreen.matchAll(/\bcard\("(\w+)", "([^"]*)"/g)].map(([, who, target]) => [who, target]);
    expect(cards.sort()).toEqual([
      ['applicant', CREATIONS.cv.path.replace(/^\//, '')],
      ['employer', CREATIONS.vacancy.path.replace(/^\//, '')],
    ]);
  });
});
