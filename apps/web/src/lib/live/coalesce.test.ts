import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalesce } from './coalesce';

describe('coalesce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once after a burst goes quiet', () => {
    const task = vi.fn();
    const refresh = coalesce(task, 500, 2000);
    refresh.schedule();
    vi.advanceTimersByTime(300);
    refresh.schedule();
    vi.advanceTimersByTime(499);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('still runs within the longest wait under a steady trickle', () => {
    const task = vi.fn();
    const refresh = coalesce(task, 500, 2000);
    for (let elapsed = 0; elapsed < 2000; elapsed += 200) {
      refresh.schedule();
      vi.advanceTimersByTime(200);
    }
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled', () => {
    const task = vi.fn();
    const refresh = coalesce(task, 500, 2000);
    refresh.schedule();
    refresh.cancel();
    vi.advanceTimersByTime(5000);
    expect(task).not.toHaveBeenCalled();
  });
});
