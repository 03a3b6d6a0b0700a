'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ProvenanceChain } from '@/components/cards/provenance-chain';
import { activeRefetchInterval } from '@/components/live/active-refetch';
import { useLiveChannel } from '@/components/live/use-live-channel';
import { FieldDiffView } from '@/components/diff/field-diff-view';
import { ShortcutsDialog } from '@/components/trajectory/shortcuts-dialog';
import { ErrorMessage } from '@/components/ui/error-message';
import { Panel } from '@/components/ui/panel';
import { UntrustedText } from '@/components/ui/untrusted-text';
import { inCardFieldOrder } from '@/lib/cards/field-order';
import { diffFields } from '@/lib/diff/field-diff';
import { ApiError, apiFetch } from '@/lib/http/api-client';
import type { LiveChange } from '@/lib/live/channels';
import type { ProposalDetail } from '@/lib/review/get-proposal';
import { recurationOutcome } from '@/lib/review/recuration-outcome';
import { AwaitingSecond } from './awaiting-second';
import { CardEditor, fieldsOf, toContent, type EditorField } from './card-editor';
import { DecidedElsewhere } from './decided-elsewhere';
import { DecisionPanel, type Mode } from './decision-panel';
import { NoopExplanation } from './noop-explanation';
import { OperationBadge, ProposalFlags } from './proposal-badges';
import { ProposalChanges } from './proposal-changes';
import { RecurationStatus } from './recuration-status';
import { FALLBACK_POLL_MS } from './review-inbox';
import { ReviewNotice } from './review-notice';
import { proposalTitle, useDecide } from './use-decide';
import { useEditCheck } from './use-edit-check';
import { ValidationIssues } from './validation-issues';

/** A re-curation in progress is checked more often than the inbox's polling while the live stream is down. */
const RECURATION_POLL_MS = 2_000;

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
  const qc = useQueryClient();
  const key = ['reviews', 'proposal', initial.id];
  // Follows the proposal live (the Proposal trigger → NOTIFY → /api/live, as the inbox): decided or superseded elsewhere,
  // a card moved under it (id-less proposals notice: staleness), and its re-curation run finishing.
  const watched = useRef<{ runId: string | null }>({ runId: null });
  const { live } = useLiveChannel(['proposals', 'runs'], [key], (c: LiveChange) =>
    c.channel === 'runs' ? !!c.id && c.id === watched.current.runId : !c.id || c.id === initial.id,
  );
  const q = useQuery({
    queryKey: key,
    queryFn: () => apiFetch<{ proposal: ProposalDetail }>(`/api/proposals/${initial.id}`).then((r) => r.proposal),
    initialData: initial,
    refetchOnWindowFocus: true,
    // A running re-curation is re-checked now and then even while live (a lost notification must not leave it "queued").
    refetchInterval: (query) =>
      query.state.data?.activeRecuration
        ? activeRefetchInterval(live, true, RECURATION_POLL_MS)
        : live
          ? false
          : FALLBACK_POLL_MS,
  });
  const p = q.data;
  const [mode, setMode] = useState<Mode>('view');
  const [text, setText] = useState('');
  const [help, setHelp] = useState(false);
  // What an approval without edits applies: the first approver's card while one waits, else the proposal's.
  const approving = p.awaitingSecond?.card ?? p.proposedCard;
  const [fields, setFields] = useState<EditorField[]>(() => fieldsOf(approving));
  const edited = useMemo(() => toContent(fields), [fields]);
  const { check, checking, issuesByPath, waiting, passesOnceChecked } = useEditCheck(
    p.id,
    edited,
    mode === 'edit' && canReview,
  );

  const open = p.status === 'PENDING' || p.status === 'INVALID';
  // Notices about a decision made elsewhere are for a page that saw the proposal open.
  const [sawOpen] = useState(open);
  const decided = useDecide(p, key);
  const decide = (kind: 'approve' | 'reject', note: string, next: boolean) =>
    decided.mutate(
      { kind, text: note, next, editedCard: kind === 'approve' && mode === 'edit' ? edited : undefined },
      { onSuccess: (d) => void (d.next || setMode('view')) },
    );
  const recurate = useMutation({
    mutationFn: () => apiFetch<{ run: { id: string } }>(`/api/proposals/${p.id}/recurate`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
  const runId = recurate.data?.run.id ?? p.recuration?.runId ?? null;
  useEffect(() => {
    watched.current.runId = runId;
  }, [runId]);
  const editDiff = useMemo(
    () => (mode === 'edit' ? diffFields(approving, edited, { inOrder: inCardFieldOrder }) : []),
    [mode, approving, edited],
  );
  const refused =
    decided.error instanceof ApiError && decided.error.reason === 'NOT_PENDING'
      ? (decided.variables?.kind ?? null)
      : null;
  // Superseded by the reviewer's own re-curation: RecurationStatus tells that story.
  const elsewhere = sawOpen && !open && !decided.isSuccess && (!!refused || !recurationOutcome(p));

  return (
    <div className="space-y-4" data-testid="proposal-review" data-live={live}>
      <ReviewNotice />
      <header className="space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <OperationBadge operation={p.operation} />
          <ProposalFlags status={p.status} showStatus stale={p.stale && open} valid={p.valid} />
          <span className="min-w-0 text-sm text-slate-600 wrap-anywhere">
            {p.cardKind === 'FUNCTION'
              ? 'function card (global bank)'
              : `skill card · ${p.ability ?? 'unlabelled'} bank`}{' '}
            · {p.source === 'REVIEWER_WRITTEN' ? `written by hand by ${p.author ?? 'a former user'}` : 'proposed'}{' '}
            {new Date(p.createdAt).toLocaleString()}
          </span>
        </div>
        <h1 className="text-2xl font-semibold tracking-tight wrap-anywhere">
          <UntrustedText text={proposalTitle(p)} />
        </h1>
        <p className="text-sm text-slate-600">
          <Link href="/reviews" className="text-indigo-700 hover:underline">
            ← Inbox
          </Link>
          {p.recuratedFrom ? (
            <>
              {' '}
              · re-curation of{' '}
              <Link className="text-indigo-700 hover:underline" href={`/reviews/${p.recuratedFrom.id}`}>
                a stale proposal
              </Link>
            </>
          ) : null}
          {p.recuratedInto.length ? (
            <>
              {' '}
              · replaced by{' '}
              <Link
                className="text-indigo-700 hover:underline"
                href={`/reviews/${p.recuratedInto[0].id}`}
                data-testid="recurated-into"
              >
                its re-curation
              </Link>
            </>
          ) : null}
        </p>
      </header>

      {p.cardVersions.length ? (
        <p
          className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900 ring-1 ring-emerald-200"
          data-testid="applied"
        >
          Applied as{' '}
          {p.cardVersions.map((v) => (
            <Link
              key={v.key}
              href={`/cards/${encodeURIComponent(v.key)}?version=${v.number}`}
              className="font-medium underline"
            >
              {v.key} v{v.number}
            </Link>
          ))}
        </p>
      ) : null}
      {elsewhere ? (
        <DecidedElsewhere
          p={p}
          refused={refused}
          draft={mode === 'view' ? null : { label: mode === 'reject' ? 'reason' : 'note', text }}
        />
      ) : null}
      <RecurationStatus p={p} />
      <AwaitingSecond p={p} />
      {p.stale && open ? (
        <div
          role="status"
          className="rounded-md bg-orange-50 px-3 py-2 text-sm text-orange-900 ring-1 ring-orange-300"
          data-testid="stale-banner"
        >
          Stale:{' '}
          {p.targets
            .filter((t) => t.stale)
            .map((t) => `${t.key} is now v${t.current?.number ?? '—'} (proposal based on v${t.base?.number ?? '—'})`)
            .join('; ')}
          . It cannot be approved blind: re-curate it against the current card, or reject it as stale.
          {p.activeRecuration ? (
            <>
              {' '}
              Re-curation{' '}
              <Link className="font-medium underline" href={`/runs/${p.activeRecuration.runId}`}>
                {p.activeRecuration.status.toLowerCase()}
              </Link>
              …
            </>
          ) : null}
        </div>
      ) : null}

      {canReview && open ? (
        <DecisionPanel
          p={p}
          mode={mode}
          setMode={(m) => {
            if (m === 'edit' && mode !== 'edit') setFields(fieldsOf(approving));
            setMode(m);
          }}
          text={text}
          setText={setText}
          busy={decided.busy}
          error={decided.error}
          editBlocked={
            checking ? (waiting ? 'waiting' : 'checking') : (check.data?.issues.length ?? 0) > 0 ? 'issues' : false
          }
          onDecide={decide}
          onApproveWhenChecked={async (note, next) => {
            if (await passesOnceChecked()) decide('approve', note, next);
          }}
          onRecurate={() => recurate.mutate()}
          recurating={recurate.isPending || !!p.activeRecuration}
          recurateError={recurate.error}
          onHelp={() => setHelp(true)}
          approveBlocked={p.awaitingSecond?.notYours ?? null}
          waitsForSecond={
            p.secondReviewerRequired &&
            (mode === 'edit' || (p.source === 'REVIEWER_WRITTEN' && !p.awaitingSecond) || false)
          }
        />
      ) : null}

      {mode === 'edit' ? (
        <Panel title="Edit the card" testId="edit-section">
          <div className="grid gap-4 lg:grid-cols-2">
            <CardEditor fields={fields} onChange={setFields} issuesByPath={issuesByPath} focusFirst={open} />
            <div className="space-y-2">
              <p className="text-sm font-medium">Proposal → edited</p>
              <FieldDiffView changes={editDiff} onlyChanged emptyText="No edits yet." />
              <p className="text-sm font-medium">Live check (same validators as approval)</p>
              {checking ? (
                <p className="text-sm text-slate-600" role="status" data-testid="edit-checking">
                  Checking the edited card…
                </p>
              ) : null}
              {/* While checking, earlier issues stay listed (the text may still have them), but never an earlier "passes". */}
              {check.data && !check.isError && (!checking || check.data.issues.length) ? (
                <ValidationIssues issues={check.data.issues} okText="The edited card passes validation." />
              ) : null}
              <ErrorMessage error={check.error} />
            </div>
          </div>
        </Panel>
      ) : null}

      <Panel title="Curator's reason">
        <p className="text-sm">
          <UntrustedText text={p.reason} />
        </p>
        {p.provenance?.delta ? (
          <details className="text-sm">
            <summary className="cursor-pointer text-indigo-700">
              The delta it came from (delta {p.provenance.delta.index + 1})
            </summary>
            <pre className="mt-2 max-h-80 overflow-auto whitespace-pre-wrap rounded bg-slate-50 p-2 text-xs">
              {JSON.stringify(p.provenance.delta.content, null, 1)}
            </pre>
          </details>
        ) : null}
      </Panel>

      {p.noop ? (
        <Panel title="No change proposed" testId="noop">
          <NoopExplanation noop={p.noop} />
        </Panel>
      ) : (
        <Panel
          title={
            p.operation === 'ADD_CARD'
              ? 'New card'
              : p.operation === 'MERGE_CARD'
                ? `Merge of ${p.targets.length} cards`
                : 'Changes per field'
          }
          testId="changes"
        >
          <ProposalChanges p={p} />
        </Panel>
      )}

      <Panel title="Validation" testId="validation">
        <p className="text-sm font-medium">Re-run now against the current bank</p>
        {p.noop ? (
          <p className="text-sm text-slate-600">A no-op carries no card: nothing to re-run.</p>
        ) : open ? (
          <ValidationIssues issues={p.validationNow} okText="Passes every check now." />
        ) : (
          <p className="text-sm text-slate-600">Decided: not re-run.</p>
        )}
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
                <span className="font-medium">{r.decision.replace(/_/g, ' ').toLowerCase()}</span> by {r.reviewer} ·{' '}
                {new Date(r.createdAt).toLocaleString()}
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
