'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useState } from 'react';
import { ProvenanceChain } from '@/components/cards/provenance-chain';
import { FieldDiffView } from '@/components/diff/field-diff-view';
import { ShortcutsDialog } from '@/components/trajectory/shortcuts-dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { Panel } from '@/components/ui/panel';
import { diffFields } from '@/lib/diff/field-diff';
import { apiFetch } from '@/lib/http/api-client';
import type { ProposalDetail } from '@/lib/review/get-proposal';
import { CardEditor, fieldsOf, toContent, type EditorField } from './card-editor';
import { DecisionPanel, type Mode } from './decision-panel';
import { OperationBadge, ProposalFlags } from './proposal-badges';
import { ProposalChanges } from './proposal-changes';
import { INBOX_KEY } from './review-inbox';
import { useEditCheck } from './use-edit-check';
import { ValidationIssues } from './validation-issues';

const REVIEW_KEYS: [string, string][] = [
  ['a', 'approve (then Ctrl/⌘ + Enter: approve & next)'],
  ['e', 'edit the card, then approve'],
  ['r', 'reject (a reason is required)'],
  ['Ctrl/⌘ + Enter', 'confirm the open decision & go to the next proposal'],
  ['Esc (in a field)', 'leave the field'],
  ['?', 'show this help'],
];

/** The proposal page: what changes, why, validation now, the evidence, and the reviewer's decision. */
export function ProposalReview({ initial, canReview }: { initial: ProposalDetail; canReview: boolean }) {
  const router = useRouter();
  const qc = useQueryClient();
  const key = ['reviews', 'proposal', initial.id];
  const q = useQuery({ queryKey: key, queryFn: () => apiFetch<{ proposal: ProposalDetail }>(`/api/proposals/${initial.id}`).then((r) => r.proposal), initialData: initial, refetchOnWindowFocus: true });
  const p = q.data;
  const [mode, setMode] = useState<Mode>('view');
  const [help, setHelp] = useState(false);
  const [fields, setFields] = useState<EditorField[]>(() => fieldsOf(p.proposedCard));
  const edited = useMemo(() => toContent(fields), [fields]);
  const { check, checking, issuesByPath, waiting, passesOnceChecked } = useEditCheck(p.id, edited, mode === 'edit' && canReview);

  const open = p.status === 'PENDING' || p.status === 'INVALID';
  const decided = useMutation({
    mutationFn: async (d: { kind: 'approve' | 'reject'; text: string; next: boolean }) => {
      const url = `/api/proposals/${p.id}/${d.kind}`;
      const body = d.kind === 'reject' ? { reason: d.text } : { note: d.text || undefined, ...(mode === 'edit' ? { editedCard: edited } : {}) };
      const res = await apiFetch<{ cardVersions?: { key: string; number: number }[] }>(url, { method: 'POST', json: body });
      return { ...d, res };
    },
    onSuccess: async ({ next, res, kind }) => {
      await qc.invalidateQueries({ queryKey: INBOX_KEY });
      if (next) {
        const list = await apiFetch<{ items: { id: string; stale: boolean; status: string }[] }>(`/api/proposals?status=PENDING&pageSize=10`);
        const nextId = list.items.find((i) => i.id !== p.id)?.id;
        router.push(nextId ? `/reviews/${nextId}` : '/reviews');
        return;
      }
      setMode('view');
      await qc.invalidateQueries({ queryKey: key });
      if (kind === 'approve' && res.cardVersions?.[0]) router.refresh();
    },
    onError: () => qc.invalidateQueries({ queryKey: key }),
  });
  const recurate = useMutation({
    mutationFn: () => apiFetch<{ run: { id: string } }>(`/api/proposals/${p.id}/recurate`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
  const editDiff = useMemo(() => (mode === 'edit' ? diffFields(p.proposedCard, edited) : []), [mode, p.proposedCard, edited]);

  return (
    <div className="space-y-4">
      <header className="space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <OperationBadge operation={p.operation} />
          <ProposalFlags status={p.status} showStatus stale={p.stale && open} valid={p.valid} />
          <span className="text-sm text-slate-500">
            {p.cardKind === 'FUNCTION' ? 'function card (global bank)' : `skill card · ${p.ability ?? 'unlabelled'} bank`} · proposed {new Date(p.createdAt).toLocaleString()}
          </span>
        </div>
        <h1 className="text-2xl font-semibold tracking-tight">{String((p.proposedCard as { title?: string; tool?: string } | null)?.title ?? (p.proposedCard as { tool?: string } | null)?.tool ?? 'Proposal')}</h1>
        <p className="text-sm text-slate-500">
          <Link href="/reviews" className="text-indigo-700 hover:underline">← Inbox</Link>
          {p.recuratedFrom ? <> · re-curation of <Link className="text-indigo-700 hover:underline" href={`/reviews/${p.recuratedFrom.id}`}>a stale proposal</Link></> : null}
          {p.recuratedInto.length ? <> · replaced by <Link className="text-indigo-700 hover:underline" href={`/reviews/${p.recuratedInto[0].id}`} data-testid="recurated-into">its re-curation</Link></> : null}
        </p>
      </header>

      {p.cardVersions.length ? (
        <p className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900 ring-1 ring-emerald-200" data-testid="applied">
          Applied as{' '}
          {p.cardVersions.map((v) => (
            <Link key={v.key} href={`/cards/${encodeURIComponent(v.key)}?version=${v.number}`} className="font-medium underline">
              {v.key} v{v.number}
            </Link>
          ))}
        </p>
      ) : null}
      {p.stale && open ? (
        <div role="status" className="rounded-md bg-orange-50 px-3 py-2 text-sm text-orange-900 ring-1 ring-orange-300" data-testid="stale-banner">
          Stale: {p.targets.filter((t) => t.stale).map((t) => `${t.key} is now v${t.current?.number ?? '—'} (proposal based on v${t.base?.number ?? '—'})`).join('; ')}. It cannot be approved blind: re-curate it against the current card, or reject it as stale.
          {p.activeRecuration ? <> Re-curation <Link className="font-medium underline" href={`/runs/${p.activeRecuration.runId}`}>{p.activeRecuration.status.toLowerCase()}</Link>…</> : null}
        </div>
      ) : null}

      {canReview && open ? (
        <DecisionPanel
          p={p}
          mode={mode}
          setMode={(m) => {
            if (m === 'edit' && mode !== 'edit') setFields(fieldsOf(p.proposedCard));
            setMode(m);
          }}
          busy={decided.isPending}
          error={decided.error}
          editBlocked={checking ? (waiting ? 'waiting' : 'checking') : (check.data?.issues.length ?? 0) > 0 ? 'issues' : false}
          onDecide={(kind, text, next) => decided.mutate({ kind, text, next })}
          onApproveWhenChecked={async (text, next) => {
            if (await passesOnceChecked()) decided.mutate({ kind: 'approve', text, next });
          }}
          onRecurate={() => recurate.mutate()}
          recurating={recurate.isPending || !!p.activeRecuration}
          recurateError={recurate.error}
          onHelp={() => setHelp(true)}
        />
      ) : null}

      {mode === 'edit' ? (
        <Panel title="Edit the card" testId="edit-section">
          <div className="grid gap-4 lg:grid-cols-2">
            <CardEditor fields={fields} onChange={setFields} issuesByPath={issuesByPath} />
            <div className="space-y-2">
              <p className="text-sm font-medium">Proposal → edited</p>
              <FieldDiffView changes={editDiff} onlyChanged emptyText="No edits yet." />
              <p className="text-sm font-medium">Live check (same validators as approval)</p>
              {checking ? <p className="text-sm text-slate-500" role="status" data-testid="edit-checking">Checking the edited card…</p> : null}
              {/* While checking, earlier issues stay listed (the text may still have them), but never an earlier "passes". */}
              {check.data && !check.isError && (!checking || check.data.issues.length) ? <ValidationIssues issues={check.data.issues} okText="The edited card passes validation." /> : null}
              <ErrorMessage error={check.error} />
            </div>
          </div>
        </Panel>
      ) : null}

      <Panel title="Curator's reason">
        <p className="text-sm">{p.reason}</p>
        {p.provenance?.delta ? (
          <details className="text-sm">
            <summary className="cursor-pointer text-indigo-700">The delta it came from (delta {p.provenance.delta.index + 1})</summary>
            <pre className="mt-2 max-h-80 overflow-auto whitespace-pre-wrap rounded bg-slate-50 p-2 text-xs">{JSON.stringify(p.provenance.delta.content, null, 1)}</pre>
          </details>
        ) : null}
      </Panel>

      <Panel title={p.operation === 'ADD_CARD' ? 'New card' : p.operation === 'MERGE_CARD' ? `Merge of ${p.targets.length} cards` : 'Changes per field'} testId="changes">
        <ProposalChanges p={p} />
      </Panel>

      <Panel title="Validation" testId="validation">
        <p className="text-sm font-medium">Re-run now against the current bank</p>
        {open ? <ValidationIssues issues={p.validationNow} okText="Passes every check now." /> : <p className="text-sm text-slate-500">Decided: not re-run.</p>}
        {p.validationAtCuration.length ? (
          <>
            <p className="text-sm font-medium">When it was curated</p>
            <ValidationIssues issues={p.validationAtCuration} okText="" />
          </>
        ) : null}
      </Panel>

      <Panel title="Evidence" testId="evidence">
        <ProvenanceChain provenance={p.provenance} />
      </Panel>

      {p.reviews.length ? (
        <Panel title="Decisions">
          <ul className="space-y-1 text-sm">
            {p.reviews.map((r) => (
              <li key={r.id} data-testid="review-entry">
                <span className="font-medium">{r.decision.replace(/_/g, ' ').toLowerCase()}</span> by {r.reviewer} · {new Date(r.createdAt).toLocaleString()}
                {r.note ? <> — {r.note}</> : null}
              </li>
            ))}
          </ul>
        </Panel>
      ) : null}
      <ErrorMessage error={q.error} />
      <ShortcutsDialog open={help} onClose={() => setHelp(false)} shortcuts={REVIEW_KEYS} />
    </div>
  );
}
