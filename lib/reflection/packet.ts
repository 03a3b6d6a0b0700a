import type {
  Adjudication,
  CheckpointResult,
  Diagnosis,
  Event,
  FailureCategory,
  TaskCheckpoint,
  Trajectory,
} from '@prisma/client';
import { alignToolCalls, type Alignment } from '@/lib/contrast/align-tool-calls';
import { findDivergence, type Divergence } from '@/lib/contrast/find-divergence';
import { AppError } from '@/lib/errors';
import { prisma } from '@/lib/db/prisma';
import { Deidentifier } from '@/lib/privacy/deidentify';
import { RUN_LEVEL_NAME } from '@/lib/trajectories/run-target';
import { terminationText } from '@/lib/trajectories/termination';
import type { ReflectionRunSettings } from './run-settings';
import { isStateChanging } from './tool-effects';

/**
 * The task contrast packet (docs/architecture.md "Reflector"): everything the Reflector
 * sees about one task, de-identified. Runs are labelled "run A", "run B"… so
 * model names never leave the server.
 */
export type PacketAction = {
  position: number;
  tool: string;
  arguments: unknown;
  result: string;
  error: boolean;
  writes: boolean;
};
export type PacketRun = {
  label: string;
  outcome: 'passed' | 'failed';
  score: number | null;
  /** Why the run ended, in words (lib/trajectories/termination.ts): "Stopped: reached the step limit (max_steps)…". */
  termination: string | null;
  checkpoints: { name: string; passed: boolean; note: string }[];
  actions: PacketAction[];
  writes: string[];
  final_response: string;
};
export type PacketDiagnosis = {
  index: number;
  run: string;
  /** The failed checkpoint's name; for a failed run diagnosed as a whole, RUN_LEVEL_NAME (and `run_level`). */
  checkpoint: string;
  run_level: boolean;
  checkpoint_description: string;
  category: string;
  span: { start: number | null; end: number | null };
  actions_in_span: { position: number; tool: string; arguments: unknown }[];
  what_went_wrong: string;
  what_should_have_happened: string;
  /**
   * The contrast view's aligned step at the diagnosed call: what the passing
   * runs and the other failing runs called in that same row (de-identified).
   */
  aligned_step: AlignedStep | null;
};
export type AlignedCall = { run: string; tool: string; arguments: unknown };
export type AlignedStep = { passing: AlignedCall[]; failing: AlignedCall[] };
export type PacketDivergence = {
  failing_run: string;
  passing_run: string;
  failing_position: number | null;
  failing_action: { tool: string; arguments: unknown } | null;
  passing_action: { tool: string; arguments: unknown; position: number } | null;
};
export type ContrastPacket = {
  task: {
    instruction: string;
    ability: string | null;
    apps: string[];
    checkpoints: { name: string; description: string }[];
  };
  all_failed: boolean;
  runs: PacketRun[];
  diagnoses: PacketDiagnosis[];
  divergences: PacketDivergence[];
};

/** What stays on the server next to the packet. */
export type PacketContext = {
  taskId: string;
  ability: string | null;
  apps: string[];
  allFailed: boolean;
  trajectoryIds: string[];
  diagnosisIds: string[];
  /** Per packet diagnosis (by index): the diagnoses behind it (an adjudicated checkpoint's are all of its own). */
  packetDiagnosisIds: string[][];
  observedTools: string[];
  /** Concrete values that were replaced: a card repeating one is rejected. */
  scenarioValues: string[];
  /** Model names, task and trajectory ids. */
  forbiddenTerms: string[];
  /** Evaluator notes as shown in the packet (de-identified): a card must not copy them. */
  judgeNotes: string[];
};

const MAX_ACTIONS = 60;

type LoadedAdjudication = Adjudication & { category: FailureCategory | null };
type LoadedDiagnosis = Diagnosis & {
  category: FailureCategory | null;
  // Null for a diagnosis of the run as a whole (its adjudication is the trajectory's runAdjudication).
  checkpointResult:
    | (CheckpointResult & {
        checkpoint: TaskCheckpoint;
        adjudication: LoadedAdjudication | null;
      })
    | null;
};

type LoadedTrajectory = Trajectory & {
  runAdjudication: LoadedAdjudication | null;
  events: Event[];
  checkpoints: (CheckpointResult & { checkpoint: TaskCheckpoint })[];
  diagnoses: LoadedDiagnosis[];
};

export async function buildContrastPacket(
  taskId: string,
  settings: ReflectionRunSettings,
): Promise<{ packet: ContrastPacket; context: PacketContext }> {
  const task = await prisma.task.findUnique({
    where: { id: taskId },
    include: { checkpoints: { orderBy: { position: 'asc' } } },
  });
  if (!task) throw new AppError('NOT_FOUND', `Task ${taskId} not found`);
  const all: LoadedTrajectory[] = await prisma.trajectory.findMany({
    where: { taskId },
    orderBy: [{ passed: 'desc' }, { externalId: 'asc' }],
    include: {
      runAdjudication: { include: { category: true } },
      events: { orderBy: { position: 'asc' } },
      checkpoints: { include: { checkpoint: true }, orderBy: { checkpoint: { position: 'asc' } } },
      diagnoses: {
        // An evaluator / task artefact is no lesson about the agent: reflection never reads it.
        where: { status: 'SUBMITTED', outcome: 'AGENT_FAILURE' },
        include: {
          category: true,
          checkpointResult: { include: { checkpoint: true, adjudication: { include: { category: true } } } },
        },
        orderBy: [{ submittedAt: 'asc' }, { id: 'asc' }],
      },
    },
  });
  // Scope picks the runs shown; the human diagnoses are always the main signal, so they come from every run.
  const trajectories = settings.scope === 'passed_only' ? all.filter((t) => t.passed) : all;
  if (trajectories.length === 0) {
    throw new AppError(
      'VALIDATION',
      settings.scope === 'passed_only'
        ? 'This task has no passing trajectory (scope: passed only)'
        : 'This task has no trajectories',
    );
  }
  const diagnosed = all.flatMap((t) => t.diagnoses.map((g) => ({ t, g })));
  // An adjudicated checkpoint contributes its one adjudicated diagnosis instead of the annotators' own.
  const signals = adjudicated(diagnosed);
  if (settings.requireDiagnoses && diagnosed.length === 0) {
    throw new AppError('VALIDATION', 'This task has no submitted diagnosis (the run requires diagnoses)');
  }

  const d = new Deidentifier();
  // First pass: learn concrete values from structured arguments, so free text mentioning them is scrubbed too.
  for (const t of all) for (const e of t.events) if (e.arguments) d.json(e.arguments);

  const label = (i: number) => `run ${String.fromCharCode(65 + (i % 26))}${i >= 26 ? Math.floor(i / 26) : ''}`;
  const labels = new Map(trajectories.map((t, i) => [t.id, label(i)]));
  const runs = trajectories.map((t) => toRun(t, labels.get(t.id)!, d));
  const actionAt = new Map(runs.map((r) => [r.label, new Map(r.actions.map((a) => [a.position, a]))]));
  const alignment = alignTrajectories(trajectories);
  const divergence = findDivergence(alignment, Object.fromEntries(trajectories.map((t) => [t.id, t.passed])));
  const inScope = new Set(trajectories.map((t) => t.id));

  const diagnoses: PacketDiagnosis[] = signals.map(({ t, g }, index) => {
    const run = labels.get(t.id) ?? 'a failing run outside the selected scope';
    const start = g.eventStart ?? g.checkpointResult?.eventIndex ?? null;
    const end = g.eventEnd ?? start;
    const inSpan = [...(actionAt.get(run)?.values() ?? [])].filter(
      (a) => start !== null && end !== null && a.position >= start && a.position <= end,
    );
    return {
      index,
      run,
      // Checkpoint names are source text too (τ²-bench NL assertions name reservation ids, flights, dates).
      checkpoint: g.checkpointResult ? d.text(g.checkpointResult.checkpoint.name) : RUN_LEVEL_NAME,
      run_level: !g.checkpointResult,
      // A run diagnosed as a whole failed without a failed check: what the evaluator said is why it ended.
      checkpoint_description: g.checkpointResult
        ? d.text(g.checkpointResult.checkpoint.description)
        : runLevelDescription(t),
      category: g.category?.label ?? 'Uncategorised',
      span: { start, end },
      actions_in_span: inSpan.map((a) => ({ position: a.position, tool: a.tool, arguments: a.arguments })),
      what_went_wrong: d.text(g.whatWentWrong),
      what_should_have_happened: d.text(g.whatShouldHaveHappened),
      aligned_step: inScope.has(t.id)
        ? alignedStepAt(trajectories, labels, alignment, divergence, t, start, end, d)
        : null,
    };
  });

  const allFailed = trajectories.every((t) => !t.passed);
  const packet: ContrastPacket = {
    task: {
      instruction: d.text(task.instruction),
      ability: task.ability,
      apps: task.apps,
      checkpoints: task.checkpoints.map((c) => ({ name: d.text(c.name), description: d.text(c.description) })),
    },
    all_failed: allFailed,
    runs,
    diagnoses,
    divergences: findDivergences(trajectories, runs, alignment, divergence),
  };
  // The agent's tools only: function cards may not describe the simulated user's tools.
  const observedTools = [
    ...new Set(
      trajectories.flatMap((t) =>
        t.events.filter((e) => e.type === 'TOOL_CALL' && e.source === 'AGENT' && e.tool).map((e) => e.tool!),
      ),
    ),
  ].sort();
  return {
    packet,
    context: {
      taskId,
      ability: task.ability,
      apps: task.apps,
      allFailed,
      trajectoryIds: trajectories.map((t) => t.id),
      diagnosisIds: diagnosed.map(({ g }) => g.id),
      // An adjudicated target (a checkpoint, or a run diagnosed as a whole) stands for all of its own diagnoses.
      packetDiagnosisIds: signals.map(({ t, g }) =>
        g.checkpointResult
          ? g.checkpointResult.adjudication
            ? diagnosed.filter((x) => x.g.checkpointResultId === g.checkpointResultId).map((x) => x.g.id)
            : [g.id]
          : t.runAdjudication
            ? diagnosed.filter((x) => !x.g.checkpointResult && x.t.id === t.id).map((x) => x.g.id)
            : [g.id],
      ),
      observedTools,
      scenarioValues: d.mapping().map((m) => m.value),
      forbiddenTerms: [...new Set([task.externalId, ...all.flatMap((t) => [t.model, t.externalId])])],
      judgeNotes: [...new Set(runs.flatMap((r) => r.checkpoints.map((c) => c.note)).filter(Boolean))],
    },
  };
}

/** What a run-level diagnosis is about: the run failed without a failed check, and why it ended. */
function runLevelDescription(t: LoadedTrajectory): string {
  const why = terminationText(t.outcomeReason, t.eventCount);
  return `The run failed without a failed checkpoint${why ? `. ${why}` : ''}.`;
}

/**
 * The diagnoses reflection reads: per checkpoint with a reviewer's
 * adjudication, that one (its content, in place of the first diagnosis);
 * otherwise every submitted diagnosis.
 */
function adjudicated(
  diagnosed: { t: LoadedTrajectory; g: LoadedDiagnosis }[],
): { t: LoadedTrajectory; g: LoadedDiagnosis }[] {
  const done = new Set<string>();
  return diagnosed.flatMap(({ t, g }) => {
    const a = g.checkpointResult ? g.checkpointResult.adjudication : t.runAdjudication;
    if (!a) return [{ t, g }];
    if (done.has(a.id)) return [];
    done.add(a.id);
    return [
      {
        t,
        g: {
          ...g,
          categoryId: a.categoryId,
          category: a.category,
          eventStart: a.eventStart,
          eventEnd: a.eventEnd,
          whatWentWrong: a.whatWentWrong,
          whatShouldHaveHappened: a.whatShouldHaveHappened,
        },
      },
    ];
  });
}

function toRun(t: LoadedTrajectory, label: string, d: Deidentifier): PacketRun {
  const results = new Map<string, Event>();
  for (const e of t.events) if (e.type === 'OBSERVATION' && e.callId) results.set(e.callId, e);
  const actions: PacketAction[] = [];
  t.events.forEach((e, i) => {
    if (e.type !== 'TOOL_CALL' || !e.tool) return;
    const next = t.events[i + 1];
    const obs = (e.callId && results.get(e.callId)) || (next?.type === 'OBSERVATION' ? next : undefined);
    actions.push({
      position: e.position,
      tool: e.tool,
      arguments: d.json(e.arguments ?? {}),
      result: d.content(obs?.content, 240),
      error: Boolean(obs?.error || e.error),
      writes: isStateChanging(e.tool),
    });
  });
  const final =
    [...t.events].reverse().find((e) => e.type === 'FINAL') ??
    [...t.events].reverse().find((e) => e.source === 'AGENT' && e.type === 'MESSAGE');
  return {
    label,
    outcome: t.passed ? 'passed' : 'failed',
    score: t.score,
    termination: terminationText(t.outcomeReason, t.eventCount),
    checkpoints: t.checkpoints.map((c) => ({
      name: d.text(c.checkpoint.name),
      passed: c.passed,
      note: d.text(c.note),
    })),
    actions: actions.slice(0, MAX_ACTIONS),
    writes: actions.filter((a) => a.writes).map((a) => `${a.tool} ${JSON.stringify(a.arguments)}`),
    final_response: d.content(final?.content, 400),
  };
}

function alignTrajectories(trajectories: LoadedTrajectory[]): Alignment {
  return alignToolCalls(
    trajectories.map((t) => ({
      id: t.id,
      passed: t.passed,
      steps: t.events
        .filter((e) => e.type === 'TOOL_CALL' && e.tool)
        .map((e) => ({
          tool: e.tool!,
          arguments: (e.arguments ?? null) as Record<string, unknown> | null,
          position: e.position,
        })),
    })),
  );
}

/**
 * The aligned row of a diagnosed call: the first state-changing call in the
 * diagnosis's span (else its first call, else the run's last call before the
 * span), or — when the span holds no call — the run's first divergence. Each
 * other run's call in that row is what it did at the same point.
 */
function alignedStepAt(
  trajectories: LoadedTrajectory[],
  labels: Map<string, string>,
  alignment: Alignment,
  divergence: Divergence,
  t: LoadedTrajectory,
  start: number | null,
  end: number | null,
  d: Deidentifier,
): AlignedStep | null {
  const col = alignment.ids.indexOf(t.id);
  if (col < 0) return null;
  const calls = t.events.filter((e) => e.type === 'TOOL_CALL' && e.tool);
  const inSpan = calls.filter((e) => start !== null && end !== null && e.position >= start && e.position <= end);
  const before = end === null ? undefined : calls.filter((e) => e.position <= end).at(-1);
  const anchor = inSpan.find((e) => isStateChanging(e.tool!)) ?? inSpan[0] ?? before;
  let row = anchor ? alignment.rows.findIndex((r) => r[col]?.step.position === anchor.position) : -1;
  if (row < 0) row = divergence.perRun[t.id] ?? -1;
  if (row < 0) return null;
  const byId = new Map(trajectories.map((x) => [x.id, x]));
  const passing: AlignedCall[] = [];
  const failing: AlignedCall[] = [];
  alignment.rows[row].forEach((cell, i) => {
    const other = byId.get(alignment.ids[i]);
    if (!cell || !other) return;
    const c = { run: labels.get(other.id)!, tool: cell.step.tool, arguments: d.json(cell.step.arguments ?? {}) };
    (other.passed ? passing : failing).push(c);
  });
  return { passing, failing };
}

/**
 * For each failing run: where it departs from the passing runs, using the
 * contrast view's alignment (so the packet and the contrast page agree).
 */
function findDivergences(
  trajectories: LoadedTrajectory[],
  runs: PacketRun[],
  alignment: Alignment,
  div: Divergence,
): PacketDivergence[] {
  if (div.mode !== 'pass-vs-fail') return [];
  const runOf = new Map(trajectories.map((t, i) => [t.id, runs[i]]));
  const col = new Map(alignment.ids.map((id, i) => [id, i]));
  const passId = trajectories.find((t) => t.passed)!.id;
  const actionAt = (runId: string, position: number | undefined) =>
    runOf.get(runId)!.actions.find((a) => a.position === position) ?? null;
  return Object.entries(div.perRun).flatMap(([failId, row]) => {
    if (row === null) return [];
    const f = alignment.rows[row][col.get(failId)!];
    const p = alignment.rows[row][col.get(passId)!];
    const fa = actionAt(failId, f?.step.position);
    const pa = actionAt(passId, p?.step.position);
    return [
      {
        failing_run: runOf.get(failId)!.label,
        passing_run: runOf.get(passId)!.label,
        failing_position: fa?.position ?? null,
        failing_action: fa ? { tool: fa.tool, arguments: fa.arguments } : null,
        passing_action: pa ? { tool: pa.tool, arguments: pa.arguments, position: pa.position } : null,
      },
    ];
  });
}
