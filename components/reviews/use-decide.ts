'use client';

import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { apiFetch } from '@/lib/http/api-client';
import type { ProposalDetail } from '@/lib/review/get-proposal';
import { flashReviewNotice } from './review-notice';
import { INBOX_KEY } from './review-inbox';

export type Decision = { kind: 'approve' | 'reject'; text: string; next: boolean; editedCard?: unknown };
type Applied = { cardVersions?: { key: string; number: number }[]; awaitingSecond?: { firstReviewer: string } };

/** The proposal's title as its page heads it: a skill card's title, a function card's tool. */
export function proposalTitle(p: Pick<ProposalDetail, 'proposedCard'>): string {
  const c = p.proposedCard as { title?: string; tool?: string } | null;
  return String(c?.title ?? c?.tool ?? 'Proposal');
}

/** "Approved “Read every page” as skill::skill_1a2b v2" / "Rejected “Read every page”": what "& next" leaves for the next page. */
function doneText(p: ProposalDetail, kind: Decision['kind'], res: Applied): string {
  const title = `“${proposalTitle(p)}”`;
  if (kind === 'reject') return `Rejected ${title}`;
  if (res.awaitingSecond) return `Approved ${title}: awaiting a second reviewer`;
  const v = res.cardVersions?.[0];
  return v ? `Approved ${title} as ${v.key} v${v.number}` : `Approved ${title}`;
}

/**
 * Sends an approve / reject. "& next" opens the next pending proposal with a
 * notice of what was just done; `busy` lasts until that page is there (the
 * navigation is a transition), so the buttons never look idle in between.
 */
export function useDecide(p: ProposalDetail, key: QueryKey) {
  const router = useRouter();
  const qc = useQueryClient();
  const [leaving, startLeaving] = useTransition();
  const mutation = useMutation({
    mutationFn: async (d: Decision) => {
      const body =
        d.kind === 'reject'
          ? { reason: d.text }
          : { note: d.text || undefined, ...(d.editedCard !== undefined ? { editedCard: d.editedCard } : {}) };
      const res = await apiFetch<Applied>(`/api/proposals/${p.id}/${d.kind}`, { method: 'POST', json: body });
      return { ...d, res };
    },
    onSuccess: async ({ next, res, kind }) => {
      await qc.invalidateQueries({ queryKey: INBOX_KEY });
      if (next) {
        const list = await apiFetch<{ items: { id: string }[] }>(`/api/proposals?status=PENDING&pageSize=10`);
        const nextId = list.items.find((i) => i.id !== p.id)?.id;
        flashReviewNotice(doneText(p, kind, res));
        startLeaving(() => router.push(nextId ? `/reviews/${nextId}` : '/reviews'));
        return;
      }
      await qc.invalidateQueries({ queryKey: key });
      if (kind === 'approve' && res.cardVersions?.[0]) router.refresh();
    },
    // A 409 (decided elsewhere, or the card moved on): show the proposal as it is now.
    onError: () => qc.invalidateQueries({ queryKey: key }),
  });
  return { ...mutation, busy: mutation.isPending || leaving };
}
