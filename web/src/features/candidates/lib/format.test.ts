import { describe, expect, it } from 'vitest';

import { tallinnDateTime } from './format';

describe('tallinnDateTime', () => {
  it('shows the moment in Tallinn time, winter and summer', () => {
    expect(tallinnDateTime('2026-01-15T10:05:00Z')).toBe('15.01.2026 12:05');
    expect(tallinnDateTime('2026-07-15T10:05:00Z')).toBe('15.07.2026 13:05');
  });
});
