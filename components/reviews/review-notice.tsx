'use client';

import { useEffect, useState } from 'react';
import { setFlash, takeFlash } from '@/components/trajectory/flash-notice';

/** The review pages' own flash key: a notice left by "& next" shows on the review page it opened, nowhere else. */
const REVIEW_FLASH = 'review-flash';

/** Leaves "Approved “…” as key v2" for the page "Approve & next" / "Reject & next" opens. */
export const flashReviewNotice = (text: string) => setFlash(text, REVIEW_FLASH);

/** What the previous review page just did ("& next"), shown once on the page it opened (the next proposal, or the inbox). */
export function ReviewNotice() {
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    const flash = takeFlash(REVIEW_FLASH);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- sessionStorage is only readable after mount.
    if (flash) setNotice(flash);
  }, []);
  if (!notice) return null;
  return (
    <p
      role="status"
      data-testid="review-notice"
      className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900 ring-1 ring-emerald-200"
    >
      {notice}
    </p>
  );
}
