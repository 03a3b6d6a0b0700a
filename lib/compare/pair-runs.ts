import type { ArmRun } from './load-arm-runs';

/** How two runs of one task and trial compare: both passed, both failed, fixed (fail→pass) or broke (pass→fail). */
export type PairKind = 'bothPass' | 'bothFail' | 'fixed' | 'broke';

export type RunPair = { key: string; a: ArmRun; b: ArmRun; kind: PairKind };

/** A task present in one arm only: counted and listed, never dropped silently. */
export type LoneTask = { taskId: string; taskExternalId: string; benchmark: string; runs: number };

export type Pairing = {
  /** What a pair has in common beside the task and trial (model, agent when the arms run several of them). */
  key: ('task' | 'trial' | 'model' | 'agent')[];
  pairs: RunPair[];
  onlyA: LoneTask[];
  onlyB: LoneTask[];
  /** Runs of a task both arms have whose trial the other arm lacks (3 trials against 5: 2 unpaired). */
  unpairedTrials: { a: number; b: number };
  /**
   * Runs that share their pairing key with a later run of the same arm (a re-run of one trial): the
   * newest is paired, these are counted, so an arm mixing runs it should not is visible.
   */
  superseded: { a: number; b: number };
};

export function pairKind(a: boolean, b: boolean): PairKind {
  return a ? (b ? 'bothPass' : 'broke') : b ? 'fixed' : 'bothFail';
}

/**
 * Model and agent join the pairing key when the arms do not differ by them: releases R1 and R2, each
 * run with two models, pair gpt-4.1 with gpt-4.1. They stay out when the arms are told apart by them
 * (model A against model B) or when each arm has one value (the base model's import against its
 * fine-tune's), which pairs the two by task and trial alone.
 */
function keyDimensions(a: ArmRun[], b: ArmRun[], pinned: { model: boolean; agent: boolean }) {
  const single = (runs: ArmRun[], f: (r: ArmRun) => string | null) => new Set(runs.map(f)).size <= 1;
  const keep = (f: (r: ArmRun) => string | null, isPinned: boolean) => !isPinned && !(single(a, f) && single(b, f));
  return { model: keep((r) => r.model, pinned.model), agent: keep((r) => r.agent, pinned.agent) };
}

/**
 * Pairs two arms' runs by task and trial (a run without a trial is trial 0), plus model and agent
 * where keyDimensions keeps them. `pinned` says which of model and agent the two arm specs set to
 * different values.
 */
export function pairRuns(a: ArmRun[], b: ArmRun[], pinned: { model: boolean; agent: boolean }): Pairing {
  const dims = keyDimensions(a, b, pinned);
  const keyOf = (r: ArmRun) =>
    JSON.stringify([r.taskId, r.trial ?? 0, dims.model ? r.model : '', dims.agent ? (r.agent ?? '') : '']);
  // Runs come oldest first: the last one written under a key is the newest.
  const index = (runs: ArmRun[]) => {
    const byKey = new Map<string, ArmRun>();
    for (const r of runs) byKey.set(keyOf(r), r);
    return { byKey, superseded: runs.length - byKey.size };
  };
  const ia = index(a);
  const ib = index(b);
  const tasksA = new Set(a.map((r) => r.taskId));
  const tasksB = new Set(b.map((r) => r.taskId));

  const pairs: RunPair[] = [];
  const unpairedTrials = { a: 0, b: 0 };
  for (const [key, ra] of ia.byKey) {
    const rb = ib.byKey.get(key);
    if (rb) pairs.push({ key, a: ra, b: rb, kind: pairKind(ra.passed, rb.passed) });
    else if (tasksB.has(ra.taskId)) unpairedTrials.a++;
  }
  for (const [key, rb] of ib.byKey) if (!ia.byKey.has(key) && tasksA.has(rb.taskId)) unpairedTrials.b++;

  const lone = (runs: ArmRun[], other: Set<string>): LoneTask[] => {
    const byTask = new Map<string, LoneTask>();
    for (const r of runs) {
      if (other.has(r.taskId)) continue;
      const t = byTask.get(r.taskId) ?? {
        taskId: r.taskId,
        taskExternalId: r.taskExternalId,
        benchmark: r.benchmark,
        runs: 0,
      };
      t.runs++;
      byTask.set(r.taskId, t);
    }
    return [...byTask.values()].sort(
      (x, y) => x.benchmark.localeCompare(y.benchmark) || x.taskExternalId.localeCompare(y.taskExternalId),
    );
  };

  const key: Pairing['key'] = ['task', 'trial'];
  if (dims.model) key.push('model');
  if (dims.agent) key.push('agent');
  return {
    key,
    pairs,
    onlyA: lone(a, tasksB),
    onlyB: lone(b, tasksA),
    unpairedTrials,
    superseded: { a: ia.superseded, b: ib.superseded },
  };
}
