'use client';

import { useEffect, useState } from 'react';

/**
 * A worker picks a queued run up within seconds (pg-boss polls every ~2 s).
 * Past this, nothing may be running to pick it up — `WORKER=off` on the
 * console and no `npm run worker` — and the page said only "queued; this page
 * updates by itself", for ever.
 */
export const WAITING_FOR_WORKER_MS = 60_000;

/** What the run page says about a queued or running run, `now` being the page's clock. */
export function activeRunText(run: { status: string; createdAt: string }, now: number): string {
  const base = `This run is ${run.status.toLowerCase()}; this page updates by itself.`;
  const waited = now - new Date(run.createdAt).getTime();
  if (run.status !== 'QUEUED' || waited < WAITING_FOR_WORKER_MS) return base;
  const minutes = Math.max(1, Math.floor(waited / 60_000));
  return `${base} No worker has picked it up in ${minutes} min: is one running? \`npm start\` runs one unless WORKER=off; otherwise start \`npm run worker\` against this database.`;
}

/** The clock, ticking every `ms` while `on` (a queued run's data does not change, so nothing else re-renders the page). */
export function useClock(on: boolean, ms = 15_000): number {
  // 0 until mounted: the server's render and the first client render agree (no hydration mismatch).
  const [now, setNow] = useState(0);
  useEffect(() => {
    if (!on) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const t = setInterval(tick, ms);
    return () => {
      clearTimeout(first);
      clearInterval(t);
    };
  }, [on, ms]);
  return now;
}
