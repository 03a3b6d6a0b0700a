'use client';

import { useEffect, useState } from 'react';

/** True when a key press belongs to a form control (j/k must not steal typing). */
export function isTypingTarget(t: EventTarget | null): boolean {
  const el = t as HTMLElement | null;
  return (
    !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable)
  );
}

/**
 * j/k to move through a list, Enter to open the selected row, ? for help.
 * Returns the selected index (reset when the list changes length).
 */
export function useListKeys(
  count: number,
  onOpen: (index: number) => void,
  onHelp: () => void,
): [number, (i: number) => void] {
  const [raw, setIndex] = useState(0);
  // The list can shrink under the selection (a refetch): clamp instead of resetting.
  const index = Math.min(raw, Math.max(0, count - 1));
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (e.ctrlKey || e.metaKey || e.altKey || isTypingTarget(e.target)) return;
      if (document.querySelector('dialog[open]')) return;
      if (e.key === 'j') setIndex((i) => Math.min(count - 1, i + 1));
      else if (e.key === 'k') setIndex((i) => Math.max(0, i - 1));
      else if (
        e.key === 'Enter' &&
        count > 0 &&
        (e.target as HTMLElement)?.tagName !== 'A' &&
        (e.target as HTMLElement)?.tagName !== 'BUTTON'
      )
        onOpen(index);
      else if (e.key === '?') onHelp();
      else return;
      e.preventDefault();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [count, index, onOpen, onHelp]);
  useEffect(() => {
    document.querySelector(`[data-row-index="${index}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [index]);
  return [index, setIndex];
}
