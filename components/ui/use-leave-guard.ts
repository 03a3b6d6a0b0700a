'use client';

import { useEffect } from 'react';

/**
 * While `message` is set, asks before the page is left: the browser's own prompt for a reload, a
 * closed tab or another site, and a confirm() for a link inside the console (a client-side
 * navigation never fires `beforeunload`). For changes that cannot be saved by themselves, such as
 * an edit of a submitted diagnosis that only an explicit re-submit keeps.
 */
export function useLeaveGuard(message: string | null) {
  useEffect(() => {
    if (!message) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the prompt only when returnValue is set (its text is not shown any more).
      e.returnValue = message;
    };
    // Capture phase on the document: runs before React's handlers (Next's <Link>) on the root.
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = e.target instanceof Element ? e.target.closest('a[href]') : null;
      if (!(a instanceof HTMLAnchorElement) || (a.target && a.target !== '_self') || a.hasAttribute('download')) return;
      const to = new URL(a.href, location.href);
      // Only a link that leaves this page (an in-page #anchor does not).
      if (to.origin === location.origin && to.pathname === location.pathname && to.search === location.search) return;
      if (!window.confirm(message)) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [message]);
}
