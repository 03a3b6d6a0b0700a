'use client';

import { useEffect } from 'react';
import { isTypingTarget } from '@/components/ui/use-list-keys';

/** a / e / r open approve, edit, reject; Ctrl/⌘+Enter confirms ("& next"); ? help. Keys inside fields only confirm. */
export function useDecisionKeys(handlers: { approve?: () => void; edit?: () => void; reject?: () => void; confirm?: () => void; help: () => void }) {
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
        if (handlers.confirm) {
          e.preventDefault();
          handlers.confirm();
        }
        return;
      }
      if (e.ctrlKey || e.metaKey || e.altKey || isTypingTarget(e.target) || document.querySelector('dialog[open]')) return;
      const h = { a: handlers.approve, e: handlers.edit, r: handlers.reject, '?': handlers.help }[e.key];
      if (!h) return;
      e.preventDefault();
      h();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [handlers]);
}
