/**
 * How many nav items fit in `available` pixels, in order: all of them when they fit
 * side by side; otherwise as many as fit next to the "More" button, which holds the rest.
 */
export function fitNavItems({
  widths,
  moreWidth,
  gap,
  available,
}: {
  widths: number[];
  moreWidth: number;
  gap: number;
  available: number;
}): number {
  const rowWidth = (n: number) => widths.slice(0, n).reduce((sum, w) => sum + w, 0) + gap * Math.max(0, n - 1);
  if (rowWidth(widths.length) <= available) return widths.length;
  let n = widths.length - 1;
  // n items, a gap, then the More button.
  while (n > 0 && rowWidth(n) + gap + moreWidth > available) n -= 1;
  return n;
}
