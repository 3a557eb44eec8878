import { describe, expect, it } from 'vitest';

import { avatarProblem, MAX_AVATAR_BYTES } from './avatar-field';

describe('avatarProblem', () => {
  it('stops a file over 5 MiB before sending it', () => {
    expect(avatarProblem({ size: MAX_AVATAR_BYTES + 1, type: 'image/png' })).toBe('tooLarge');
    expect(avatarProblem({ size: MAX_AVATAR_BYTES, type: 'image/png' })).toBeNull();
  });

  it('lets PNG and JPG through and leaves an unknown type to the server', () => {
    expect(avatarProblem({ size: 10, type: 'image/jpeg' })).toBeNull();
    expect(avatarProblem({ size: 10, type: '' })).toBeNull();
    expect(avatarProblem({ size: 10, type: 'image/gif' })).toBe('wrongType');
    expect(avatarProblem({ size: 10, type: 'application/pdf' })).toBe('wrongType');
  });
});
