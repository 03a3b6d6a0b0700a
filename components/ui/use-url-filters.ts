'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback } from 'react';

/**
 * List filters live in the URL (shareable, back button works) and apply at
 * once: every list page (queue, tasks) changes them through this, so they
 * behave the same. Changing a filter goes back to page 1.
 */
export function useUrlFilters() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const setParams = useCallback(
    (patch: Record<string, string | null>, opts: { keepPage?: boolean } = {}) => {
      const sp = new URLSearchParams(params.toString());
      for (const [k, v] of Object.entries(patch)) {
        if (v) sp.set(k, v);
        else sp.delete(k);
      }
      // A new filter starts at page 1, and a keyset position (after/before) of the old list means nothing in the new one.
      if (!opts.keepPage) for (const k of ['page', 'after', 'before']) sp.delete(k);
      sp.delete('done');
      const qs = sp.toString();
      router.replace(qs ? `${pathname}?${qs}` : pathname);
    },
    [params, pathname, router],
  );
  return { params, setParams };
}
