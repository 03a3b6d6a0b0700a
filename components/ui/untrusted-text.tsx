import { revealBidi } from '@/lib/text/reveal-bidi';

/**
 * Text that came from an import (ids, names, tool calls, notes): untrusted, of
 * any length. Its bidi controls are shown as markers and the text is isolated
 * (`<bdi>`), so it can neither spoof itself nor reorder its neighbours. By
 * default a long unbroken word wraps anywhere instead of widening the page;
 * `clip` keeps it to one line cut with an ellipsis, the whole text in the
 * tooltip, at most as wide as its box or as the max-width class given (e.g.
 * `max-w-xs`): a table cell gives no width of its own.
 */
export function UntrustedText({
  text,
  clip = false,
  className = '',
  testId,
}: {
  text: string;
  clip?: boolean | string;
  className?: string;
  testId?: string;
}) {
  const shown = revealBidi(text);
  const layout = clip ? `inline-block truncate align-bottom ${clip === true ? 'max-w-full' : clip}` : 'wrap-anywhere';
  return (
    <bdi title={clip ? shown : undefined} data-testid={testId} className={`${layout} ${className}`.trim()}>
      {shown}
    </bdi>
  );
}
