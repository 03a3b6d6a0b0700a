import { describe, expect, it } from 'vitest';
import { WebRestarts } from '../../../scripts/lib/web-restarts';

describe('restarting a crashed web server', () => {
  it('allows the limit within the window, then gives up, and allows again once the window has passed', () => {
    let now = 0;
    const restarts = new WebRestarts(3, 10, () => now);
    expect([restarts.next(), restarts.next(), restarts.next()]).toEqual([1, 2, 3]);
    now += 60_000;
    expect(restarts.next()).toBeNull();
    now += 10 * 60_000;
    expect(restarts.next()).toBe(1);
  });
});
