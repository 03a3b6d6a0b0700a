import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshThrottle } from '@/components/dashboard/refresh-throttle';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the live dashboard refresh', () => {
  it('redraws a lone change after about a second', () => {
    const refresh = vi.fn();
    refreshThrottle(refresh, { settleMs: 1_000, minGapMs: 5_000 }).notify();
    vi.advanceTimersByTime(999);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('redraws at most every 5 s while an import notifies 4 times a second, and once after the last change', () => {
    const refresh = vi.fn();
    const t = refreshThrottle(refresh, { settleMs: 1_000, minGapMs: 5_000 });
    for (let i = 0; i < 120; i++) {
      t.notify();
      vi.advanceTimersByTime(250); // 30 s of import batches
    }
    // At 1 s, then every 5 s: 1, 6, 11, 16, 21, 26 — not 30 redraws.
    expect(refresh).toHaveBeenCalledTimes(6);
    vi.advanceTimersByTime(5_000);
    expect(refresh).toHaveBeenCalledTimes(7); // the changes after the 26 s redraw are shown
    vi.advanceTimersByTime(60_000);
    expect(refresh).toHaveBeenCalledTimes(7);
  });

  it('stops when the page closes', () => {
    const refresh = vi.fn();
    const t = refreshThrottle(refresh, { settleMs: 1_000, minGapMs: 5_000 });
    t.notify();
    t.cancel();
    vi.advanceTimersByTime(10_000);
    expect(refresh).not.toHaveBeenCalled();
  });
});
