import { afterEach, describe, expect, it, vi } from 'vitest';

import { noteServerBuild, onUpdateNeeded, resetBuildVersionForTests } from './build-version';

describe('the update warning', () => {
  afterEach(() => vi.useRealTimers());

  it('fires once, 1 s after the server build differs from the loaded one', () => {
    vi.useFakeTimers();
    resetBuildVersionForTests('1.0.0');
    const listener = vi.fn();
    const stop = onUpdateNeeded(listener);
    noteServerBuild('1.0.0');
    noteServerBuild('1.0.1');
    noteServerBuild('1.0.2');
    vi.advanceTimersByTime(999);
    expect(listener).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });

  it('takes the first answer as the loaded build when the page has none', () => {
    vi.useFakeTimers();
    resetBuildVersionForTests(null);
    const listener = vi.fn();
    const stop = onUpdateNeeded(listener);
    noteServerBuild('2.0.0');
    noteServerBuild('2.0.0');
    vi.advanceTimersByTime(2000);
    expect(listener).not.toHaveBeenCalled();
    stop();
  });
});
