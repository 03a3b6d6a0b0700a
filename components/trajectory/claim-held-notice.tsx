'use client';

import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { TrajectoryView } from '@/lib/trajectories/get-trajectory';

type Claim = NonNullable<TrajectoryView['claim']>;

/**
 * Another annotator's live claim on this trajectory, or null. It lapses at its expiry (checked again
 * then, without a reload); a claim renewed meanwhile still refuses the first write, with the holder's name.
 */
export function useClaimHeldByOther(claim: TrajectoryView['claim'], meId: string): Claim | null {
  const [now, setNow] = useState(() => Date.now());
  const until = claim && claim.userId !== meId ? Date.parse(claim.expiresAt) : null;
  useEffect(() => {
    if (until == null || until <= now) return;
    const t = setTimeout(() => setNow(Date.now()), until - now + 500);
    return () => clearTimeout(t);
  }, [until, now]);
  return claim && until != null && until > now ? claim : null;
}

/** Says why the diagnosis form is read-only, before anything is typed into it. */
export function ClaimHeldNotice({ claim, onCheckAgain }: { claim: Claim; onCheckAgain: () => void }) {
  const until = new Date(claim.expiresAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return (
    <div
      role="status"
      data-testid="claim-held"
      className="mb-3 flex items-start justify-between gap-2 rounded bg-amber-50 px-2.5 py-2 text-xs text-amber-900 ring-1 ring-amber-200"
    >
      <p>
        <strong>{claim.userName}</strong> is working on this trajectory (claimed until {until}). You can read it; your
        diagnosis can be written once they are done or their claim lapses.
      </p>
      <Button type="button" variant="secondary" className="shrink-0" onClick={onCheckAgain}>
        Check again
      </Button>
    </div>
  );
}
