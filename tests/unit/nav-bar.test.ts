import { describe, expect, it } from 'vitest';
import { fitNavItems } from '@/components/shell/fit-nav-items';
import { isActiveNavItem } from '@/components/shell/nav-link-item';

const widths = [60, 50, 70, 45, 55];
// All five side by side: 280 + 4 gaps of 4 = 296.

describe('how many nav items fit on the bar before "More"', () => {
  it('keeps every item on the bar, with no More button, when they all fit', () => {
    expect(fitNavItems({ widths, moreWidth: 60, gap: 4, available: 296 })).toBe(5);
  });

  it('leaves room for the More button when they do not', () => {
    // 60 + 4 + 50 + 4 + 70 = 188, plus a gap and More (64) = 252 ≤ 260; a fourth item would need 301.
    expect(fitNavItems({ widths, moreWidth: 60, gap: 4, available: 260 })).toBe(3);
    expect(fitNavItems({ widths, moreWidth: 60, gap: 4, available: 295 })).toBe(3);
  });

  it('puts everything under More when not even one item fits beside it', () => {
    expect(fitNavItems({ widths, moreWidth: 60, gap: 4, available: 100 })).toBe(0);
  });
});

describe('which nav item is the current section', () => {
  const releases = { href: '/releases', label: 'Releases', also: ['/leakage'] };
  const admin = { href: '/admin/users', label: 'Admin' };

  it('is current on its page, below it, and on the sections it names', () => {
    expect(isActiveNavItem('/releases', releases)).toBe(true);
    expect(isActiveNavItem('/releases/v1', releases)).toBe(true);
    expect(isActiveNavItem('/leakage', releases)).toBe(true);
    expect(isActiveNavItem('/admin/audit', admin)).toBe(true);
  });

  it('is not current on a section that only shares a prefix of its name', () => {
    expect(isActiveNavItem('/releasesx', releases)).toBe(false);
    expect(isActiveNavItem('/retrieval', releases)).toBe(false);
    expect(isActiveNavItem('/administrator', admin)).toBe(false);
  });
});
