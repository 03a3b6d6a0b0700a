'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DiagnosisEditor, type EditorApi } from '@/components/diagnosis/diagnosis-editor';
import { rangeLabel } from '@/components/diagnosis/diagnosis-form-state';
import { DiagnosisList } from '@/components/diagnosis/diagnosis-list';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { UntrustedText } from '@/components/ui/untrusted-text';
import { apiFetch } from '@/lib/http/api-client';
import { useTakeNext } from '@/components/queue/use-take-next';
import type { DiagnosisView } from '@/lib/diagnosis/diagnosis-schemas';
import type { PolicyView } from '@/lib/policies/get-trajectory-policy';
import type { FailureCategoryView } from '@/lib/taxonomy/failure-taxonomy';
import { marksOfArguments } from '@/lib/trajectories/observation-json';
import type { CheckpointView, TrajectoryView } from '@/lib/trajectories/get-trajectory';
import { noFailedCheckpointMessage, runLevelMessage } from '@/lib/trajectories/no-failed-checkpoint';
import { INFORMATIONAL_NOTE, isInformational } from '@/lib/trajectories/reward-basis';
import { RUN_LEVEL_NAME, runTargetId } from '@/lib/trajectories/run-target';
import { CheckpointExpectation } from './checkpoint-expectation';
import { CheckpointPanel } from './checkpoint-panel';
import { ClaimHeldNotice, useClaimHeldByOther } from './claim-held-notice';
import { EventTimeline, type TimelineApi } from './event-timeline';
import { setFlash, takeFlash } from './flash-notice';
import { ItemExitDialogs, type ItemExit } from './item-exit-dialogs';
import { PolicyPanel, type PolicyTarget } from './policy-panel';
import { ShortcutsDialog } from './shortcuts-dialog';
import { SourceDiagnosis, SourceDiagnosisMissing } from './source-diagnosis';
import { TrajectoryFind, type FindApi } from './trajectory-find';
import { TrajectoryHeader } from './trajectory-header';
import { useFindKeys } from './use-find-keys';
import { useSelection, type Selection } from './use-selection';
import { useWorkspaceKeys } from './use-workspace-keys';
import { trajectoryEventHref } from '@/lib/trajectories/event-link';

type Props = {
  view: TrajectoryView;
  categories: FailureCategoryView[];
  initialDiagnoses: DiagnosisView[];
  me: { id: string; canWrite: boolean; canWorkQueue: boolean };
  initialCheckpointId: string | null;
  /** `?event=<position>` (trajectoryEventHref): select and show that event. */
  initialEvent: number | null;
  /** `?diagnosis=<id>` (trajectoryEventHref, e.g. from a card's provenance): land on that diagnosis. */
  initialDiagnosisId?: string | null;
  // Query string of the queue filters this item was opened with; "next" keeps them.
  queueQuery: string;
  /** The policy or system prompt the agent had (stored once per benchmark and domain), if its import carried one. */
  policy: PolicyView | null;
  /** `?policy=<anchor>` (a followed citation): open the policy at that passage. */
  initialPolicyAnchor: string | null;
};

const clamp = (n: number, max: number) => Math.max(0, Math.min(max, n));

/** The run as a whole, as a diagnosis target shaped like a failed checkpoint (lib/trajectories/run-target.ts). */
function runTargetOf(view: TrajectoryView): CheckpointView {
  return {
    id: runTargetId(view.id),
    key: 'whole run',
    name: RUN_LEVEL_NAME,
    description: view.termination,
    passed: false,
    score: null,
    total: null,
    note: null,
    eventIndex: null,
    position: Number.MAX_SAFE_INTEGER,
    kind: null,
    // A run is diagnosed as a whole only when it failed: what it is judged on decided the outcome.
    inRewardBasis: true,
    expectedCall: null,
    anchoredCall: null,
    candidates: [],
  };
}

/** Where opening a checkpoint puts the selection: the restored draft's range, else the anchored event. */
function selectionFor(c: CheckpointView | undefined, ds: DiagnosisView[], meId: string): Selection | null {
  if (!c) return null;
  const mine = ds.find((d) => d.targetId === c.id && d.author.id === meId);
  if (mine?.eventStart != null && mine.eventEnd != null) return { anchor: mine.eventStart, cursor: mine.eventEnd };
  return c.eventIndex != null ? { anchor: c.eventIndex, cursor: c.eventIndex } : null;
}

/** The annotator's workspace: timeline, checkpoints, diagnosis editor and the keyboard that drives them. */
export function TrajectoryWorkspace({
  view,
  categories,
  initialDiagnoses,
  me,
  initialCheckpointId,
  initialEvent,
  initialDiagnosisId = null,
  queueQuery,
  policy,
  initialPolicyAnchor,
}: Props) {
  const router = useRouter();
  const qc = useQueryClient();
  const diagnosesKey = ['trajectory-diagnoses', view.id];
  const diagnoses = useQuery({
    queryKey: diagnosesKey,
    queryFn: () =>
      apiFetch<{ diagnoses: DiagnosisView[] }>(`/api/trajectories/${view.id}/diagnoses`).then((r) => r.diagnoses),
    initialData: initialDiagnoses,
    // Asked again once the page is up and when the tab comes back into view: the diagnoses may have
    // changed since the server rendered it (a draft sent as the previous page unloaded, another tab).
    refetchOnMount: 'always',
    refetchOnWindowFocus: true,
  });
  // A failed run without a failed checkpoint result is diagnosed as a whole: its target goes last, like one
  // more failed checkpoint (the keys, "submit & next" and the panel treat it the same way).
  const runTarget = useMemo(() => (view.runLevel ? runTargetOf(view) : null), [view]);
  const targets = useMemo(
    () => (runTarget ? [...view.checkpoints, runTarget] : view.checkpoints),
    [view.checkpoints, runTarget],
  );
  const failed = useMemo(() => targets.filter((c) => !c.passed), [targets]);
  const isDone = useCallback(
    (c: CheckpointView, ds: DiagnosisView[]) => ds.some((d) => d.targetId === c.id && d.status === 'SUBMITTED'),
    [],
  );
  const last = view.eventCount - 1;
  const event = initialEvent != null && initialEvent >= 0 && initialEvent <= last ? initialEvent : null;
  // The diagnosis a link pointed at: its checkpoint opens, its range is selected, it is shown above the form.
  const [source] = useState(() => initialDiagnoses.find((d) => d.id === initialDiagnosisId) ?? null);
  const sourceRange =
    source?.eventStart != null && source.eventStart <= last
      ? { anchor: source.eventStart, cursor: Math.min(source.eventEnd ?? source.eventStart, last) }
      : null;

  const [activeId, setActiveId] = useState<string | null>(() =>
    initialCheckpointId && targets.some((c) => c.id === initialCheckpointId)
      ? initialCheckpointId
      : (source?.targetId ?? (failed.find((c) => !isDone(c, initialDiagnoses)) ?? failed[0])?.id ?? null),
  );
  const initialActive = targets.find((c) => c.id === activeId);
  const { cursor, range, select, selectRange, clear } = useSelection(
    (source?.targetId === activeId ? sourceRange : null) ??
      (event != null ? { anchor: event, cursor: event } : selectionFor(initialActive, initialDiagnoses, me.id)),
  );
  const [highlighted, setHighlighted] = useState<number | null>(
    event == null ? (initialActive?.eventIndex ?? null) : null,
  );
  // The candidate call the active checkpoint's expectation is compared with (null = its anchor).
  const [comparedAt, setComparedAt] = useState<number | null>(null);
  const [help, setHelp] = useState(false);
  const [exit, setExit] = useState<ItemExit | null>(null);
  // Messages render as markdown; "raw text" shows exactly what the agent wrote.
  const [raw, setRaw] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [footerSlot, setFooterSlot] = useState<HTMLDivElement | null>(null);
  const timeline = useRef<TimelineApi | null>(null);
  const editor = useRef<EditorApi | null>(null);
  const workspaceRef = useRef<HTMLDivElement>(null);
  const [findOpen, setFindOpen] = useState(false);
  const findInput = useRef<HTMLInputElement>(null);
  const find = useRef<FindApi | null>(null);
  const [policyOpen, setPolicyOpen] = useState(initialPolicyAnchor != null);
  const [policyTarget, setPolicyTarget] = useState<PolicyTarget | null>(
    initialPolicyAnchor ? { anchor: initialPolicyAnchor, nonce: 0 } : null,
  );
  const openPolicyAt = useCallback((anchor: string) => {
    setPolicyOpen(true);
    setPolicyTarget((t) => ({ anchor, nonce: (t?.nonce ?? 0) + 1 }));
  }, []);
  const openFind = () => {
    setFindOpen(true);
    requestAnimationFrame(() => {
      findInput.current?.focus();
      findInput.current?.select();
    });
  };
  const closeFind = () => {
    setFindOpen(false);
    // Back to the timeline, where j / k and n pick up from the match.
    (document.activeElement as HTMLElement | null)?.blur();
  };
  useFindKeys(
    {
      open: openFind,
      step: (delta) => {
        if (!findOpen || !find.current?.hasMatches()) return false;
        find.current.next(delta);
        return true;
      },
    },
    workspaceRef,
  );

  const focusEvent = useCallback(
    (position: number, extend: boolean) => {
      select(position, extend);
      timeline.current?.scrollTo(position);
    },
    [select],
  );

  const focusRange = (r: [number, number]) => {
    selectRange(r[0], r[1]);
    timeline.current?.scrollTo(r[0]);
  };

  const openCheckpoint = useCallback(
    (c: CheckpointView, ds: DiagnosisView[]) => {
      if (!c.passed) setActiveId(c.id);
      setHighlighted(c.eventIndex);
      setComparedAt(null);
      const s = selectionFor(c, ds, me.id);
      // A checkpoint with no anchored event and no range of its own starts with none selected: the
      // range left from the previous checkpoint would otherwise be submitted with this one unseen.
      if (!s) return clear();
      selectRange(s.anchor, s.cursor);
      // The range start is what the annotator anchored the diagnosis to: show it.
      timeline.current?.scrollTo(Math.min(s.anchor, s.cursor));
    },
    [me.id, selectRange, clear],
  );

  // On arrival: scroll to the selected event (?event=, a restored draft's range start, or the anchor)
  // once the list is mounted, and show what "submit & next" just did on the previous page.
  useEffect(() => {
    const target = range?.[0];
    const raf = requestAnimationFrame(() => target != null && timeline.current?.scrollTo(target));
    const flash = takeFlash();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- sessionStorage is only readable after mount.
    if (flash) setNotice(flash);
    return () => cancelAnimationFrame(raf);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const next = useTakeNext(queueQuery, (trajectoryId) => {
    const qs = queueQuery ? `?${queueQuery}` : '';
    if (trajectoryId && trajectoryId !== view.id)
      router.push(trajectoryEventHref(trajectoryId, null, { carry: queueQuery }));
    else if (trajectoryId) router.refresh();
    else router.push(`/queue${qs ? `${qs}&` : '?'}done=1`);
  });

  // The diagnoses as the server has them now (after a write, or when another tab changed one).
  const fetchDiagnoses = async () =>
    (await qc.fetchQuery({
      queryKey: diagnosesKey,
      queryFn: () =>
        apiFetch<{ diagnoses: DiagnosisView[] }>(`/api/trajectories/${view.id}/diagnoses`).then((r) => r.diagnoses),
      staleTime: 0,
    })) ?? [];
  const mineOf = (ds: DiagnosisView[], c: CheckpointView) =>
    ds.find((d) => d.targetId === c.id && d.author.id === me.id);
  // Remounting the editor (a new key) starts its form from the server's version.
  const [editorGeneration, setEditorGeneration] = useState(0);
  const reloadDiagnosis = async (c: CheckpointView) => {
    const ds = await fetchDiagnoses();
    setEditorGeneration((g) => g + 1);
    openCheckpoint(c, ds);
  };

  const onSubmitted = async (submittedKey: string, pendingCount: number) => {
    const ds = await fetchDiagnoses();
    const i = failed.findIndex((c) => c.id === activeId);
    const left = failed.filter((c) => !isDone(c, ds));
    const remaining = [...failed.slice(i + 1), ...failed.slice(0, i + 1)].find((c) => !isDone(c, ds));
    if (pendingCount > 0 && remaining) {
      // Same URL, another checkpoint: say so, or it looks as if nothing happened.
      setNotice(
        `Submitted ${submittedKey} · now: ${remaining.key}, ${left.length} of ${failed.length} left on this trajectory`,
      );
      openCheckpoint(remaining, ds);
      return;
    }
    if (!me.canWorkQueue) {
      setNotice(`Submitted ${submittedKey} · every failed checkpoint of this trajectory is diagnosed`);
      return;
    }
    setNotice(`Submitted ${submittedKey} · opening the next trajectory…`);
    setFlash(`Submitted ${submittedKey} on ${view.task.externalId} · now: next trajectory`);
    next.mutate();
  };

  useWorkspaceKeys({
    move: (delta, extend) => last >= 0 && focusEvent(cursor == null ? 0 : clamp(cursor + delta, last), extend),
    checkpoint: (delta) => {
      if (!failed.length) return;
      const i = failed.findIndex((c) => c.id === activeId);
      openCheckpoint(failed[(i + delta + failed.length) % failed.length] ?? failed[0], diagnoses.data ?? []);
    },
    compare: (delta) => {
      const list = active?.candidates ?? [];
      if (list.length < 2) return;
      const i = Math.max(
        0,
        list.findIndex((x) => x.position === (comparedAt ?? active?.eventIndex)),
      );
      compareWith(list[(i + delta + list.length) % list.length].position);
    },
    startDiagnosis: () => me.canWrite && editor.current?.focusFirstMissing(),
    pickCategory: () => me.canWrite && editor.current?.pickCategory(),
    toggleFold: () => cursor != null && timeline.current?.toggle(cursor),
    submit: () => editor.current?.submit(),
    skip: () => canSkip && setExit('skip'),
    artefact: () => me.canWrite && active && active !== runTarget && setExit('artefact'),
    help: () => setHelp((h) => !h),
  });

  const onSkipped = () => {
    setExit(null);
    setNotice('Skipped · opening the next trajectory…');
    setFlash(`Skipped ${view.task.externalId}: it is back in the queue, at the end of your order`);
    next.mutate();
  };

  // Comparing with another call selects it: it is then what the diagnosis is about (and in view).
  const compareWith = (position: number) => {
    setComparedAt(position);
    setHighlighted(position);
    focusEvent(position, false);
  };

  const heldBy = useClaimHeldByOther(view.claim, me.id);
  const active = targets.find((c) => c.id === activeId && !c.passed) ?? null;
  // Skipping hands the item back: only for someone working the queue, on an item still in it.
  const canSkip = me.canWorkQueue && view.pendingCount > 0;
  const all = diagnoses.data ?? [];
  // The header's "awaiting diagnosis" follows the submits made here (the server's count is from page load).
  const doneCount = (ds: DiagnosisView[]) => failed.filter((c) => isDone(c, ds)).length;
  const awaiting = Math.max(0, view.pendingCount - (doneCount(all) - doneCount(initialDiagnoses)));
  const mine = active ? mineOf(all, active) : undefined;
  // What the checkpoint being diagnosed names (its expected call's compared arguments), marked in JSON observations.
  const marks = useMemo(() => {
    const expected = view.checkpoints.find((c) => c.id === activeId)?.expectedCall;
    if (!expected) return marksOfArguments(null);
    const { arguments: args, compared } = expected;
    return marksOfArguments(compared ? Object.fromEntries(compared.map((k) => [k, args[k]])) : args);
  }, [view.checkpoints, activeId]);
  const others = active
    ? all.filter((d) => d.targetId === active.id && d.author.id !== me.id && d.id !== source?.id)
    : [];
  const linked = source && active?.id === source.targetId ? (all.find((d) => d.id === source.id) ?? source) : null;

  return (
    // On wide screens the workspace is exactly one screen tall (the page itself does not scroll; the
    // negative margin takes back half of the page padding). Two columns: task header + timeline on the
    // left, the diagnosis panel on the right at full height, so a tall header (an expanded
    // instruction, many attempts) shortens the timeline, never the form.
    <div
      className="lg:-my-3 lg:grid lg:h-[calc(100dvh-5rem-1px)] lg:min-h-[520px] lg:grid-cols-[minmax(0,1fr)_minmax(360px,36%)] lg:gap-4"
      data-testid="workspace"
      ref={workspaceRef}
    >
      <div className="flex min-w-0 flex-col lg:min-h-0">
        <TrajectoryHeader view={view} awaiting={awaiting} />
        <section aria-label="Timeline" className="flex min-w-0 flex-col lg:min-h-48 lg:flex-1">
          <div className="mb-2 flex items-center justify-between text-xs text-slate-600">
            <span data-testid="timeline-selection">
              {range
                ? `Selected: ${rangeLabel(range)}${range[0] !== range[1] ? ` · cursor #${cursor}` : ''}`
                : 'Click an event (Shift+click for a range), or press j'}
            </span>
            <span className="flex items-center gap-2">
              <label className="flex items-center gap-1.5">
                <input
                  type="checkbox"
                  checked={raw}
                  onChange={(e) => setRaw(e.target.checked)}
                  className="rounded border-slate-300"
                />
                raw text
              </label>
              <Button variant="ghost" onClick={openFind} aria-label="Find in events (/)">
                find
              </Button>
              <Button
                variant="ghost"
                onClick={() => setPolicyOpen((o) => !o)}
                aria-pressed={policyOpen}
                data-testid="policy-toggle"
              >
                {policy?.kind === 'SYSTEM_PROMPT' ? 'system prompt' : 'policy'}
              </Button>
              <Button variant="ghost" onClick={() => setHelp(true)} aria-label="Keyboard shortcuts">
                ? shortcuts
              </Button>
            </span>
          </div>
          {findOpen ? (
            <TrajectoryFind
              trajectoryId={view.id}
              inputRef={findInput}
              apiRef={find}
              onGo={(m) => {
                focusEvent(m.position, false);
                if (m.type === 'OBSERVATION') timeline.current?.expand(m.position);
              }}
              onClose={closeFind}
            />
          ) : null}
          {/* The policy sits beside the timeline (below it on narrow screens), so a rule and the step it governs are read together. */}
          <div
            className={`flex min-h-0 flex-1 flex-col gap-3 ${policyOpen ? 'lg:grid lg:grid-cols-2 lg:grid-rows-[minmax(0,1fr)]' : ''}`}
          >
            <EventTimeline
              trajectoryId={view.id}
              eventCount={view.eventCount}
              checkpoints={view.checkpoints}
              cursor={cursor}
              selection={range}
              highlighted={highlighted}
              raw={raw}
              marks={marks}
              onEventClick={select}
              apiRef={timeline}
            />
            {policyOpen ? (
              <PolicyPanel
                policy={policy}
                target={policyTarget}
                onCite={active && me.canWrite && !heldBy ? (c) => editor.current?.cite(c) : null}
                onClose={() => setPolicyOpen(false)}
              />
            ) : null}
          </div>
        </section>
      </div>
      <aside
        aria-label="Checkpoints and diagnosis"
        className="mt-4 flex flex-col rounded-lg bg-white shadow-sm ring-1 ring-slate-200 lg:mt-0 lg:min-h-0"
      >
        <div data-testid="workspace-panel" className="p-4 lg:min-h-0 lg:flex-1 lg:overflow-y-auto">
          <section aria-label="Checkpoint results">
            <h2 className="mb-2 text-sm font-semibold">Checkpoints</h2>
            <CheckpointPanel
              checkpoints={view.checkpoints}
              unscored={view.unscored}
              diagnoses={all}
              activeId={activeId}
              meId={me.id}
              runPassed={view.passed}
              onSelect={(c) => openCheckpoint(c, all)}
              runTarget={runTarget}
            />
          </section>
          <section aria-label="Diagnosis" className="mt-4 border-t border-slate-200 pt-3">
            <ErrorMessage error={next.error ?? diagnoses.error} />
            {active ? (
              <>
                {linked ? <SourceDiagnosis diagnosis={linked} isMine={linked.author.id === me.id} /> : null}
                {initialDiagnosisId && !source && active.id === initialActive?.id ? <SourceDiagnosisMissing /> : null}
                {active === runTarget ? (
                  <>
                    <h2 className="mb-2 text-sm font-semibold">Diagnose the run as a whole</h2>
                    <p
                      data-testid="run-level-summary"
                      className="rounded-md bg-amber-50 p-2.5 text-sm text-amber-950 ring-1 ring-amber-200"
                    >
                      <UntrustedText text={runLevelMessage(view)} />
                    </p>
                  </>
                ) : (
                  <>
                    <h2 className="mb-2 text-sm font-semibold">
                      Diagnose <UntrustedText text={active.key} className="font-mono" /> ·{' '}
                      <UntrustedText text={active.name} />
                    </h2>
                    {isInformational(active) ? (
                      <p
                        data-testid="informational-note"
                        className="mb-2 rounded bg-slate-100 px-2 py-1 text-xs text-slate-700"
                      >
                        Informational: {INFORMATIONAL_NOTE}.
                        {view.passed ? ' The run passed; diagnose it only if it still teaches something.' : ''}
                      </p>
                    ) : null}
                    <CheckpointExpectation
                      checkpoint={active}
                      onShowEvent={(p) => focusEvent(p, false)}
                      comparedAt={comparedAt}
                      onCompare={compareWith}
                    />
                  </>
                )}
                <div className="mt-3">
                  {me.canWrite && heldBy ? (
                    <ClaimHeldNotice claim={heldBy} onCheckAgain={() => router.refresh()} />
                  ) : null}
                  {me.canWrite ? (
                    <DiagnosisEditor
                      key={`${active.id}:${editorGeneration}`}
                      userId={me.id}
                      checkpoint={active}
                      mine={mine}
                      categories={categories}
                      range={range}
                      notice={notice}
                      footerSlot={footerSlot}
                      heldBy={heldBy?.userName ?? null}
                      apiRef={editor}
                      fetchMine={async () => mineOf(await fetchDiagnoses(), active)}
                      onReload={() => void reloadDiagnosis(active)}
                      onSaved={() => qc.invalidateQueries({ queryKey: diagnosesKey })}
                      onSubmitted={(pending) => onSubmitted(active.key, pending)}
                      onRestoreRange={(r) => (r ? focusRange(r) : clear())}
                      trajectoryId={view.id}
                      onOpenPolicy={openPolicyAt}
                      onCitePolicy={
                        policy
                          ? () => {
                              setPolicyOpen(true);
                              requestAnimationFrame(() =>
                                document.querySelector<HTMLInputElement>('[aria-label="Search the policy"]')?.focus(),
                              );
                            }
                          : undefined
                      }
                    />
                  ) : (
                    <p className="text-sm text-slate-600">Your role can read diagnoses but not write them.</p>
                  )}
                </div>
                {/* Ways out of the item, below the form so that the form stays in view on arrival. */}
                {me.canWrite || canSkip ? (
                  <div className="mt-3 flex flex-wrap gap-2">
                    {canSkip ? (
                      <Button variant="ghost" onClick={() => setExit('skip')} aria-keyshortcuts="s">
                        Skip (s)
                      </Button>
                    ) : null}
                    {/* An evaluator artefact is a verdict on a check; a run diagnosed as a whole has none. */}
                    {me.canWrite && active !== runTarget ? (
                      <Button variant="ghost" onClick={() => setExit('artefact')} aria-keyshortcuts="a">
                        Not an agent failure (a)
                      </Button>
                    ) : null}
                  </div>
                ) : null}
                <div className="mt-4">
                  <DiagnosisList
                    diagnoses={others}
                    title={active === runTarget ? 'Other diagnoses of this run' : 'Other diagnoses of this checkpoint'}
                    onOpenPolicy={openPolicyAt}
                  />
                </div>
              </>
            ) : (
              <>
                {notice ? (
                  <p
                    role="status"
                    data-testid="workspace-notice"
                    className="mb-2 rounded bg-emerald-50 px-2 py-1 text-xs text-emerald-800"
                  >
                    {notice}
                  </p>
                ) : null}
                <p className="text-sm text-slate-600">
                  {failed.length ? 'Pick a failed checkpoint to diagnose it.' : noFailedCheckpointMessage(view)}
                </p>
              </>
            )}
          </section>
        </div>
        {/* The editor puts its submit bar here: outside the panel's scroll, always on screen. */}
        <div ref={setFooterSlot} className="sticky bottom-0 z-10 shrink-0 rounded-b-lg bg-white empty:hidden" />
      </aside>
      <ShortcutsDialog open={help} onClose={() => setHelp(false)} />
      <ItemExitDialogs
        open={exit}
        trajectoryId={view.id}
        active={active}
        onClose={() => setExit(null)}
        onSkipped={onSkipped}
        onArtefact={(pending) => {
          setExit(null);
          if (active) void onSubmitted(active.key, pending);
        }}
      />
    </div>
  );
}
