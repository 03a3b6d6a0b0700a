'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback } from 'react';
import { patchedQuery } from './url-filter-query';

/**
 * List filters live in the URL (shareable, Back and Forward step through them) and apply at
 * once: every list page that reads its filters from the URL (queue, tasks) changes them through
 * this, so they behave the same. Changing a filter goes back to page 1.
 */
export function useUrlFilters() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const setParams = useCallback(
    (patch: Record<string, string | null>, opts: { keepPage?: boolean } = {}) => {
      const base = params.toString();
      const query = patchedQuery(base, { patch, keepPage: opts.keepPage });
      if (query === base) return; // nothing changed: no second history entry for the same list
      // A filter or page change is a step of its own: Back undoes it (it replaced the entry, so Back left the list).
      router.push(query ? `${pathname}?${query}` : pathname);
    },
    [params, pathname, router],
  );
  return { params, setParams };
}
