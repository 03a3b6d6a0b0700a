'use client';

import { useEffect, useRef } from 'react';
import { isTypingTarget } from '@/components/ui/use-list-keys';

type Handlers = {
  approve?: () => void;
  edit?: () => void;
  reject?: () => void;
  confirm?: () => void;
  help: () => void;
};

/**
 * a / e / r open approve, edit, reject; Ctrl/⌘+Enter confirms ("& next"); ? help. Keys inside fields only confirm.
 * A key calls the handlers of the latest render: a listener holding an earlier render's handlers
 * approved the edited card as it was typed when that render happened (Ctrl+Enter while typing
 * in the edit form sent the text before the last keystrokes, or the unedited proposal).
 */
export function useDecisionKeys(handlers: Handlers) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      const h = latest.current;
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
        if (h.confirm) {
          e.preventDefault();
          h.confirm();
        }
        return;
      }
      if (e.ctrlKey || e.metaKey || e.altKey || isTypingTarget(e.target) || document.querySelector('dialog[open]'))
        return;
      const run = { a: h.approve, e: h.edit, r: h.reject, '?': h.help }[e.key];
      if (!run) return;
      e.preventDefault();
      run();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
