'use client';

import { useEffect, useRef } from 'react';
import { isTyping } from './use-workspace-keys';

export type FindKeys = {
  /** `/` or Ctrl/Cmd+F: open find and put the caret in it. */
  open: () => void;
  /** n / N: next or previous match; returns false when find has nothing to move through. */
  step: (delta: 1 | -1) => boolean;
};

/**
 * The find keys of the trajectory workspace. Listened to before the page's
 * other shortcuts (capture), so `n` moves between matches while find is open
 * and is left to whoever else wants it otherwise. Ctrl/Cmd+F is taken only
 * while focus is in the workspace (or nowhere): the browser's own find cannot
 * see the events a virtualised timeline has not drawn.
 */
export function useFindKeys(handlers: FindKeys, workspace: React.RefObject<HTMLElement | null>) {
  const ref = useRef(handlers);
  useEffect(() => {
    ref.current = handlers;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (document.querySelector('dialog[open]')) return;
      const active = document.activeElement;
      const inWorkspace = !active || active === document.body || !!workspace.current?.contains(active);
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'f') {
        if (!inWorkspace) return;
        e.preventDefault();
        ref.current.open();
        return;
      }
      if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      if (e.key === '/') {
        e.preventDefault();
        ref.current.open();
      } else if ((e.key === 'n' || e.key === 'N') && ref.current.step(e.key === 'n' ? 1 : -1)) {
        e.preventDefault();
        e.stopImmediatePropagation();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [workspace]);
}
