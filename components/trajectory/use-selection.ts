'use client';

import { useCallback, useMemo, useState } from 'react';

export type Selection = { anchor: number; cursor: number };

/**
 * The workspace's one selection: a cursor and the anchor of the range it
 * extends from. The timeline tints the range and the diagnosis form submits
 * it, so the two can never disagree about which events are meant.
 */
export function useSelection(initial: Selection | null) {
  const [sel, setSel] = useState<Selection | null>(initial);
  // The same array until the selection changes: the timeline and the editor take it as a prop.
  const range = useMemo<[number, number] | null>(
    () => (sel ? [Math.min(sel.anchor, sel.cursor), Math.max(sel.anchor, sel.cursor)] : null),
    [sel],
  );
  /** Moves the cursor to `position`; `extend` keeps the anchor (Shift). */
  const select = useCallback(
    (position: number, extend: boolean) =>
      setSel((s) => ({ anchor: extend && s ? s.anchor : position, cursor: position })),
    [],
  );
  const selectRange = useCallback((start: number, end: number) => setSel({ anchor: start, cursor: end }), []);
  const clear = useCallback(() => setSel(null), []);
  return { cursor: sel?.cursor ?? null, range, select, selectRange, clear };
}
