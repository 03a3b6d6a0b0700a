'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { FieldDiffView } from '@/components/diff/field-diff-view';
import { ErrorMessage } from '@/components/ui/error-message';
import { Panel } from '@/components/ui/panel';
import { UntrustedText } from '@/components/ui/untrusted-text';
import type { CardDetail } from '@/lib/cards/get-card';
import type { CardVersionDetail } from '@/lib/cards/get-card-version';
import type { FieldChange } from '@/lib/diff/field-diff';
import { apiFetch } from '@/lib/http/api-client';
import { CardFields } from './card-fields';
import { CardActions } from './card-actions';
import { ProvenanceChain, Step } from './provenance-chain';
import { StatusHistory } from './status-history';
import { VersionHistory } from './version-history';

/** The card page: runtime text, fields, version history with diffs, provenance per version, rollback and retire. */
export function CardView({
  initial,
  initialVersion,
  canReview,
  impact,
}: {
  initial: CardDetail;
  initialVersion: number | null;
  canReview: boolean;
  impact?: ReactNode;
}) {
  const qc = useQueryClient();
  const ref = encodeURIComponent(initial.key);
  const cardKey = ['cards', 'card', initial.id];
  const card = useQuery({
    queryKey: cardKey,
    queryFn: () => apiFetch<{ card: CardDetail }>(`/api/cards/${ref}`).then((r) => r.card),
    initialData: initial,
  }).data;
  const [selected, setSelected] = useState<number>(initialVersion ?? card.current?.number ?? 1);
  const [compare, setCompare] = useState<{ from: number; to: number } | null>(null);
  const version = useQuery({
    queryKey: ['cards', 'version', card.id, selected],
    queryFn: () =>
      apiFetch<{ version: CardVersionDetail }>(`/api/cards/${ref}/versions/${selected}`).then((r) => r.version),
    enabled: card.versions.length > 0,
  });
  const diff = useQuery({
    queryKey: ['cards', 'diff', card.id, compare],
    queryFn: () =>
      apiFetch<{ diff: FieldChange[] }>(`/api/cards/${ref}/versions/${compare!.to}?compare=${compare!.from}`).then(
        (r) => r.diff,
      ),
    enabled: !!compare,
  });
  const refresh = async (toNumber?: number) => {
    await qc.invalidateQueries({ queryKey: ['cards'] });
    if (toNumber) setSelected(toNumber);
  };
  const act = useMutation({
    mutationFn: (
      a:
        | { kind: 'rollback'; versionNumber: number; note: string }
        | { kind: 'status'; status: 'ACTIVE' | 'RETIRED'; note: string },
    ) =>
      a.kind === 'rollback'
        ? apiFetch<{ version: { number: number } }>(`/api/cards/${ref}/rollback`, {
            method: 'POST',
            json: { versionNumber: a.versionNumber, note: a.note },
          }).then((r) => r.version.number)
        : apiFetch(`/api/cards/${ref}/status`, { method: 'POST', json: { status: a.status, note: a.note } }).then(
            () => undefined,
          ),
    onSuccess: (n) => refresh(n ?? undefined),
  });
  const v = version.data;

  return (
    <div className="space-y-4">
      <header className="space-y-1">
        <p className="text-sm text-slate-600">
          {card.kind === 'FUNCTION' ? (
            'Function card (global bank)'
          ) : (
            <>
              Skill card · <UntrustedText text={card.ability ?? 'unlabelled'} /> bank
            </>
          )}{' '}
          · <UntrustedText text={card.key} className="font-mono" />
        </p>
        <h1 className="text-2xl font-semibold tracking-tight">
          <UntrustedText text={card.title || card.key} />
        </h1>
        <p className="flex flex-wrap gap-2 text-sm">
          <span
            className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium ring-1 ring-slate-300"
            data-testid="card-status"
          >
            {card.status.toLowerCase()}
          </span>
          <span data-testid="current-version">v{card.current?.number ?? '—'}</span>
          {card.mergedInto ? (
            <a className="text-indigo-700 hover:underline" href={`/cards/${encodeURIComponent(card.mergedInto.key)}`}>
              merged into <UntrustedText text={card.mergedInto.key} />
            </a>
          ) : null}
          {card.mergedFrom.length ? (
            <span className="text-slate-600">
              absorbed <UntrustedText text={card.mergedFrom.map((m) => m.key).join(', ')} />
            </span>
          ) : null}
          <span className="text-slate-600">
            {(card.sizeBytes / 1024).toFixed(1)} KB ·{' '}
            {card.apps.length ? <UntrustedText text={card.apps.join(', ')} /> : 'no app'}
          </span>
        </p>
      </header>

      <Panel title="Runtime text (what an agent receives)" testId="runtime-text">
        {card.runtimeText ? (
          <pre className="whitespace-pre-wrap rounded bg-slate-900 p-3 font-mono text-xs text-slate-100">
            <UntrustedText text={card.runtimeText} />
          </pre>
        ) : (
          <p className="text-sm text-slate-600">
            This card cannot be rendered (its content does not match the card schema).
          </p>
        )}
        {card.status !== 'ACTIVE' ? (
          <p className="text-xs text-slate-600">Not served: the card is {card.status.toLowerCase()}.</p>
        ) : null}
      </Panel>

      <Panel title={`Fields (v${card.current?.number ?? '—'})`}>
        <CardFields content={card.current?.content} />
      </Panel>

      <Panel title={`Version history (${card.versions.length})`} testId="version-history">
        <VersionHistory versions={card.versions} selected={selected} onSelect={setSelected} onCompare={setCompare} />
        {compare ? (
          <div className="space-y-1" data-testid="version-diff">
            <p className="text-sm font-medium">
              v{compare.from} → v{compare.to}
            </p>
            {diff.data ? (
              <FieldDiffView changes={diff.data} onlyChanged emptyText="These versions are identical." />
            ) : (
              <p className="text-sm text-slate-600">Loading diff…</p>
            )}
            <ErrorMessage error={diff.error} />
          </div>
        ) : null}
      </Panel>

      <Panel title={`Status history (${card.statusHistory.length})`} testId="status-history">
        <StatusHistory changes={card.statusHistory} />
      </Panel>

      <Panel title={`Provenance of v${selected}`} testId="version-provenance">
        <ErrorMessage error={version.error} />
        {!v ? (
          <p className="text-sm text-slate-600">Loading…</p>
        ) : (
          <ProvenanceChain
            provenance={v.provenance}
            head={
              <>
                <Step label="Version">
                  v{v.number} · {new Date(v.createdAt).toLocaleString()} · {v.createdBy ?? 'unknown'}
                  {v.parentNumber ? ` · parent v${v.parentNumber}` : ' · first version'}
                </Step>
                {v.restoredFrom ? (
                  <Step label="Rollback">
                    restores{' '}
                    <button
                      type="button"
                      className="font-medium text-indigo-700 hover:underline"
                      onClick={() => setSelected(v.restoredFrom!.number)}
                    >
                      v{v.restoredFrom.number}
                    </button>{' '}
                    — {v.note}
                    <span className="text-slate-600"> (the chain below is v{v.restoredFrom.number}&apos;s)</span>
                  </Step>
                ) : null}
                {v.review ? (
                  <Step label="Review">
                    <span data-testid="prov-review">
                      {v.review.decision.replace(/_/g, ' ').toLowerCase()} by {v.review.reviewer} ·{' '}
                      {new Date(v.review.createdAt).toLocaleString()}
                      {v.review.note ? ` — ${v.review.note}` : ''}
                    </span>
                  </Step>
                ) : null}
              </>
            }
          />
        )}
      </Panel>

      {/* Card impact (pass rate when injected vs not), below provenance. */}
      {impact}

      {canReview ? (
        <CardActions card={card} busy={act.isPending} error={act.error} onAct={(a) => act.mutate(a)} />
      ) : null}
    </div>
  );
}
