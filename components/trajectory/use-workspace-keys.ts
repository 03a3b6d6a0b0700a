'use client';

import { useEffect, useRef } from 'react';

export type WorkspaceKeys = {
  move: (delta: 1 | -1, extend: boolean) => void;
  checkpoint: (delta: 1 | -1) => void;
  /** The previous / next call of the expected tool to compare the expectation with. */
  compare: (delta: 1 | -1) => void;
  startDiagnosis: () => void;
  pickCategory: () => void;
  toggleFold: () => void;
  submit: () => void;
  skip: () => void;
  artefact: () => void;
  help: () => void;
};

export function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}

/**
 * Page-wide shortcuts. Letter keys are ignored while typing in a field (and
 * when a modifier is held, so browser shortcuts keep working); Ctrl/Cmd+Enter
 * works everywhere, since it is what you press at the end of writing; Esc
 * leaves the field being typed in.
 */
export function useWorkspaceKeys(handlers: WorkspaceKeys) {
  const ref = useRef(handlers);
  useEffect(() => {
    ref.current = handlers;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const h = ref.current;
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
        // A dialog open (skip, evaluator artefact) sends itself: the diagnosis behind it is not submitted.
        if (document.querySelector('dialog[open]')) return;
        e.preventDefault();
        h.submit();
        return;
      }
      // Esc leaves a field (after "d" the cursor sits in the first empty required field) so
      // j/k and the other letter keys work again without reaching for the mouse.
      if (e.key === 'Escape' && isTyping(e.target) && !document.querySelector('dialog[open]')) {
        (e.target as HTMLElement).blur();
        return;
      }
      if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      if (document.querySelector('dialog[open]') && e.key !== '?') return;
      const actions: Record<string, () => void> = {
        j: () => h.move(1, false),
        k: () => h.move(-1, false),
        J: () => h.move(1, true),
        K: () => h.move(-1, true),
        ']': () => h.checkpoint(1),
        '[': () => h.checkpoint(-1),
        '.': () => h.compare(1),
        ',': () => h.compare(-1),
        d: h.startDiagnosis,
        c: h.pickCategory,
        o: h.toggleFold,
        s: h.skip,
        a: h.artefact,
        '?': h.help,
      };
      const action = actions[e.key];
      if (action) {
        e.preventDefault();
        action();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
