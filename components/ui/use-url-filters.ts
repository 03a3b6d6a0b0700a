'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useRef } from 'react';
import { patchedQuery, queryToChange, type AskedQuery } from './url-filter-query';

export type SetParamsOptions = {
  /** The pager's own change: keep page/after/before (any other change goes back to page 1). */
  keepPage?: boolean;
  /**
   * Replace the current history entry instead of adding one. Only for repeated applies of one
   * edit (a text filter applied while typing): every discrete change (a select, a pager button,
   * the first apply of a typed text) adds an entry, so Back undoes it.
   */
  replace?: boolean;
};

/**
 * List filters live in the URL (shareable, Back and Forward step through them) and apply at
 * once: every list page that reads its filters from the URL (queue, tasks, runs, reviews,
 * cards) changes them through this, so they behave the same. Changing a filter goes back to page 1.
 */
export function useUrlFilters() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const asked = useRef<AskedQuery | null>(null);
  // The URL moved (the change arrived, or Back/Forward): it is the base again, never a change asked before.
  const shown = params.toString();
  useEffect(() => {
    asked.current = null;
  }, [shown]);
  const setParams = useCallback(
    (patch: Record<string, string | null>, opts: SetParamsOptions = {}) => {
      // The address bar, not this render's `params`: a debounced text filter may call an older copy of this.
      const current = window.location.search.slice(1);
      const base = queryToChange(asked.current, current);
      const query = patchedQuery(base, { patch, keepPage: opts.keepPage });
      if (query === base) return; // e.g. Enter on a text the pause already applied: no second history entry
      asked.current = { from: current, query };
      const href = query ? `${pathname}?${query}` : pathname;
      if (opts.replace) router.replace(href);
      else router.push(href);
    },
    [pathname, router],
  );
  return { params, setParams };
}
