'use client';

import { useQuery } from '@tanstack/react-query';
import { ErrorMessage } from '@/components/ui/error-message';
import { Panel } from '@/components/ui/panel';
import type { CardImpactView } from '@/lib/dashboard/read-card-impact';
import { apiFetch } from '@/lib/http/api-client';
import { ImpactTable } from './impact-table';

/**
 * Card impact on the card page: the trajectories this card was injected into
 * against same-ability trajectories of the same models without it, per
 * release. Self-contained: give it the card's id or key.
 */
export function CardImpactPanel({ cardId }: { cardId: string }) {
  const q = useQuery({
    queryKey: ['card-impact', cardId],
    queryFn: () => apiFetch<CardImpactView>(`/api/cards/${encodeURIComponent(cardId)}/impact`),
  });
  return (
    <Panel title="Impact" testId="card-impact-panel">
      {q.isPending ? (
        <p className="text-sm text-slate-600">Loading impact…</p>
      ) : q.isError ? (
        <ErrorMessage error={q.error} />
      ) : q.data.rows.length === 0 ? (
        <p className="text-sm text-slate-600">No imported trajectory lists this card in memory.card_ids yet.</p>
      ) : (
        <ImpactTable rows={q.data.rows} minCheckpoints={q.data.minCheckpoints} showCard={false} />
      )}
    </Panel>
  );
}
