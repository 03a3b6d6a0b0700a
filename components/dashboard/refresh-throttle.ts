/**
 * Coalesces change notifications into page refreshes. The first change after
 * a quiet spell refreshes after `settleMs` (a lone diagnosis or approval shows
 * within about a second); while changes keep coming (an import's batches
 * notify several times a second) refreshes start at least `minGapMs` apart;
 * and the last change is always followed by a refresh, so none is missed.
 */
export function refreshThrottle(refresh: () => void, { settleMs, minGapMs }: { settleMs: number; minGapMs: number }) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = -Infinity;
  return {
    notify() {
      if (timer !== undefined) return; // the pending refresh will read this change too
      timer = setTimeout(
        () => {
          timer = undefined;
          last = Date.now();
          refresh();
        },
        Math.max(settleMs, last + minGapMs - Date.now()),
      );
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
