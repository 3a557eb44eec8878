import { describe, expect, it } from 'vitest';

import { confirmEmailProblem, retryMinutes } from './confirm-email';

describe('confirmEmailProblem', () => {
  it('asks for the address when nothing is typed', () => {
    expect(confirmEmailProblem('', 'mari@example.ee')).toBe('required');
    expect(confirmEmailProblem('   ', 'mari@example.ee')).toBe('required');
  });

  it('takes the account’s address whatever the case and spaces around it', () => {
    expect(confirmEmailProblem('mari@example.ee', 'mari@example.ee')).toBeNull();
    expect(confirmEmailProblem('  Mari@Example.EE ', 'mari@example.ee')).toBeNull();
  });

  it('refuses another address', () => {
    expect(confirmEmailProblem('jaan@example.ee', 'mari@example.ee')).toBe('mismatch');
    expect(confirmEmailProblem('mari@example.e', 'mari@example.ee')).toBe('mismatch');
  });
});

describe('retryMinutes', () => {
  it('rounds up to whole minutes, at least one', () => {
    expect(retryMinutes(3599)).toBe(60);
    expect(retryMinutes(61)).toBe(2);
    expect(retryMinutes(5)).toBe(1);
    expect(retryMinutes(0)).toBe(1);
  });
});
