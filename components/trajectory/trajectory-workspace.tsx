'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DiagnosisEditor, type EditorApi } from '@/components/diagnosis/diagnosis-editor';
import { DiagnosisList } from '@/components/diagnosis/diagnosis-list';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { apiFetch } from '@/lib/http/api-client';
import type { DiagnosisView } from '@/lib/diagnosis/diagnosis-schemas';
import type { FailureCategoryView } from '@/lib/taxonomy/failure-taxonomy';
import type { CheckpointView, TrajectoryView } from '@/lib/trajectories/get-trajectory';
import { CheckpointPanel } from './checkpoint-panel';
import { EventTimeline, type TimelineApi } from './event-timeline';
import { ShortcutsDialog } from './shortcuts-dialog';
import { TrajectoryHeader } from './trajectory-header';
import { useWorkspaceKeys } from './use-workspace-keys';

type Props = {
  view: TrajectoryView;
  categories: FailureCategoryView[];
  initialDiagnoses: DiagnosisView[];
  me: { id: string; canWrite: boolean; canWorkQueue: boolean };
  initialCheckpointId: string | null;
  // Event position from `?event=` (trajectoryEventHref): opens the timeline there, ahead of the checkpoint's anchor.
  initialEvent?: number | null;
  // Query string of the queue filters this item was opened with; "next" keeps them.
  queueQuery: string;
};

const clamp = (n: number, max: number) => Math.max(0, Math.min(max, n));

/** The annotator's workspace: timeline, checkpoints, diagnosis editor and the keyboard that drives them. */
export function TrajectoryWorkspace({ view, categories, initialDiagnoses, me, initialCheckpointId, initialEvent = null, queueQuery }: Props) {
  const router = useRouter();
  const qc = useQueryClient();
  const diagnosesKey = ['trajectory-diagnoses', view.id];
  const diagnoses = useQuery({
    queryKey: diagnosesKey,
    queryFn: () => apiFetch<{ diagnoses: DiagnosisView[] }>(`/api/trajectories/${view.id}/diagnoses`).then((r) => r.diagnoses),
    initialData: initialDiagnoses,
  });
  const failed = useMemo(() => view.checkpoints.filter((c) => !c.passed), [view.checkpoints]);
  const isDone = useCallback((c: CheckpointView, ds: DiagnosisView[]) => ds.some((d) => d.checkpointResultId === c.id && d.status === 'SUBMITTED'), []);

  const [activeId, setActiveId] = useState<string | null>(
    () => (initialCheckpointId && view.checkpoints.some((c) => c.id === initialCheckpointId) ? initialCheckpointId : (failed.find((c) => !isDone(c, initialDiagnoses)) ?? failed[0])?.id ?? null),
  );
  const [cursor, setCursor] = useState<number | null>(null);
  const [anchor, setAnchor] = useState<number | null>(null);
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const [help, setHelp] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const timeline = useRef<TimelineApi | null>(null);
  const editor = useRef<EditorApi | null>(null);
  const last = view.eventCount - 1;
  const selection: [number, number] | null = cursor == null ? null : [Math.min(anchor ?? cursor, cursor), Math.max(anchor ?? cursor, cursor)];

  const focusEvent = useCallback((position: number, extend: boolean) => {
    setCursor(position);
    if (!extend) setAnchor(position);
    timeline.current?.scrollTo(position);
  }, []);

  const openCheckpoint = useCallback(
    (c: CheckpointView) => {
      if (!c.passed) setActiveId(c.id);
      if (c.eventIndex != null) {
        setHighlighted(c.eventIndex);
        focusEvent(c.eventIndex, false);
      }
    },
    [focusEvent],
  );

  // Opened at a checkpoint (from the queue or a contrast grid cell): go to its anchor once the list is mounted.
  useEffect(() => {
    const c = view.checkpoints.find((x) => x.id === activeId);
    const event = initialEvent != null && initialEvent >= 0 && initialEvent <= last ? initialEvent : null;
    if (!c && event == null) return;
    const raf = requestAnimationFrame(() => {
      if (event == null) return openCheckpoint(c!);
      setHighlighted(event);
      focusEvent(event, false);
    });
    return () => cancelAnimationFrame(raf);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const next = useMutation({
    mutationFn: () => apiFetch<{ trajectoryId: string | null }>('/api/queue/next', { method: 'POST', json: Object.fromEntries(new URLSearchParams(queueQuery)) }),
    onSuccess: ({ trajectoryId }) => {
      const qs = queueQuery ? `?${queueQuery}` : '';
      if (trajectoryId && trajectoryId !== view.id) router.push(`/trajectories/${trajectoryId}${qs}`);
      else if (trajectoryId) router.refresh();
      else router.push(`/queue${qs ? `${qs}&` : '?'}done=1`);
    },
  });

  const onSubmitted = async (pendingCount: number) => {
    const ds = (await qc.fetchQuery({ queryKey: diagnosesKey, queryFn: () => apiFetch<{ diagnoses: DiagnosisView[] }>(`/api/trajectories/${view.id}/diagnoses`).then((r) => r.diagnoses), staleTime: 0 })) ?? [];
    const i = failed.findIndex((c) => c.id === activeId);
    const remaining = [...failed.slice(i + 1), ...failed.slice(0, i + 1)].find((c) => !isDone(c, ds));
    if (pendingCount > 0 && remaining) {
      setNotice(`Submitted. Next failed checkpoint on this trajectory: ${remaining.key}`);
      openCheckpoint(remaining);
      return;
    }
    setNotice('Submitted. Opening the next item…');
    if (me.canWorkQueue) next.mutate();
  };

  useWorkspaceKeys({
    move: (delta, extend) => last >= 0 && focusEvent(cursor == null ? 0 : clamp(cursor + delta, last), extend),
    checkpoint: (delta) => {
      if (!failed.length) return;
      const i = failed.findIndex((c) => c.id === activeId);
      openCheckpoint(failed[(i + delta + failed.length) % failed.length] ?? failed[0]);
    },
    startDiagnosis: () => {
      if (!selection || !me.canWrite) return;
      if (!activeId && failed[0]) setActiveId(failed[0].id);
      editor.current?.startOnSelection(selection);
    },
    toggleFold: () => cursor != null && timeline.current?.toggle(cursor),
    submit: () => editor.current?.submit(),
    help: () => setHelp((h) => !h),
  });

  const active = view.checkpoints.find((c) => c.id === activeId && !c.passed) ?? null;
  const all = diagnoses.data ?? [];
  const mine = active ? all.find((d) => d.checkpointResultId === active.id && d.author.id === me.id) : undefined;
  const others = active ? all.filter((d) => d.checkpointResultId === active.id && d.author.id !== me.id) : [];

  return (
    <div>
      <TrajectoryHeader view={view} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_420px]">
        <section aria-label="Timeline" className="min-w-0">
          <div className="mb-2 flex items-center justify-between text-xs text-slate-500">
            <span>
              {selection ? (selection[0] === selection[1] ? `Selected event #${selection[0]}` : `Selected events #${selection[0]}–#${selection[1]}`) : 'Click an event (Shift+click for a range), or press j'}
            </span>
            <Button variant="ghost" onClick={() => setHelp(true)} aria-label="Keyboard shortcuts">
              ? shortcuts
            </Button>
          </div>
          <EventTimeline
            trajectoryId={view.id}
            eventCount={view.eventCount}
            checkpoints={view.checkpoints}
            cursor={cursor}
            selection={selection}
            highlighted={highlighted}
            onEventClick={(p, shift) => {
              setCursor(p);
              if (!shift || anchor == null) setAnchor(p);
            }}
            apiRef={timeline}
          />
        </section>
        {/* Sticky below the app header, with its own scroll, on wide screens: the
            diagnosis form and its submit button stay in view while the timeline is read. */}
        <aside className="space-y-4 lg:sticky lg:top-[4.5rem] lg:max-h-[calc(100vh-5.5rem)] lg:self-start lg:overflow-y-auto lg:pb-1">
          <section aria-label="Checkpoint results" className="max-h-[30vh] overflow-auto">
            <h2 className="mb-2 text-sm font-semibold">Checkpoints</h2>
            <CheckpointPanel checkpoints={view.checkpoints} diagnoses={all} activeId={activeId} meId={me.id} onSelect={openCheckpoint} />
          </section>
          <section aria-label="Diagnosis" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
            {notice ? <p className="mb-2 rounded bg-emerald-50 px-2 py-1 text-xs text-emerald-800" role="status">{notice}</p> : null}
            <ErrorMessage error={next.error ?? diagnoses.error} />
            {active ? (
              <>
                <h2 className="mb-2 text-sm font-semibold">
                  Diagnose <span className="font-mono">{active.key}</span> · {active.name}
                </h2>
                {me.canWrite ? (
                  <DiagnosisEditor
                    key={active.id}
                    checkpoint={active}
                    mine={mine}
                    categories={categories}
                    selection={selection}
                    apiRef={editor}
                    onSaved={() => qc.invalidateQueries({ queryKey: diagnosesKey })}
                    onSubmitted={onSubmitted}
                  />
                ) : (
                  <p className="text-sm text-slate-500">Your role can read diagnoses but not write them.</p>
                )}
                <div className="mt-4">
                  <DiagnosisList diagnoses={others} title="Other diagnoses of this checkpoint" />
                </div>
              </>
            ) : (
              <p className="text-sm text-slate-500">{failed.length ? 'Pick a failed checkpoint to diagnose it.' : 'Every checkpoint passed: nothing to diagnose.'}</p>
            )}
          </section>
        </aside>
      </div>
      <ShortcutsDialog open={help} onClose={() => setHelp(false)} />
    </div>
  );
}
