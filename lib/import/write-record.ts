import { NOT_STARTED_KEY } from './adapters/types';
import { createHash, randomBytes } from 'node:crypto';
import type { CheckpointResult, Prisma, Trajectory } from '@prisma/client';
import type { Tx } from '@/lib/db/prisma';
import { canonicalJson } from '@/lib/text/canonical-json';
import { contentHash } from '@/lib/trajectories/content-hash';
import type { NativeRecord } from './native-schema';
import { policyKey, recordPolicy, type RecordPolicy } from './record-policy';
import { insertEventRows, type EventRow } from './write-events';

export type WriteOutcome =
  | { status: 'imported'; trajectoryId: string; taskId: string }
  | { status: 'present'; trajectoryId: string; taskId: string }
  | { status: 'conflict'; path: string; reason: string };

const FEEDBACK = {
  self_judge: 'SELF_JUDGE',
  task_binary: 'TASK_BINARY',
  checkpoint_binary: 'CHECKPOINT_BINARY',
  checkpoint_binary_human: 'CHECKPOINT_BINARY_HUMAN',
} as const;

export function taskDefinitionHash(task: NativeRecord['task']): string {
  const { metadata, ...definition } = task;
  // An instruction guessed from a run (a bare τ²-bench list: the simulated user's first message)
  // differs per run; it is not part of the task's identity, or every other run would "conflict".
  if (metadata.instruction_source === 'first_user_message') return contentHash({ ...definition, instruction: null });
  return contentHash(definition);
}

/**
 * Identity of a trajectory's content (re-import → "present", change → conflict).
 * Events are hashed as fixed-order tuples: generic stable stringification of
 * 100-event records was the single biggest CPU cost of an import.
 */
export function trajectoryHash(record: NativeRecord): string {
  // A check's standing (in_reward_basis) is derived by the console from the reward basis (the τ²-bench adapter),
  // not part of what the run did: files imported before it was recorded hash as they did, so re-importing them
  // is "present", never a conflict. Their rows got the standing from the reward_basis_skip_artefact migration.
  return hashOf(record, (c) => {
    const { in_reward_basis: _standing, ...rest } = c;
    return rest;
  });
}

/**
 * The identity runs imported while in_reward_basis was hashed carry (the same record hashed with it): accepted
 * as "present" too, so neither a file imported before the reward basis nor one imported since conflicts.
 */
export function trajectoryHashWithStanding(record: NativeRecord): string {
  return hashOf(record, (c) => c);
}

function hashOf(
  record: NativeRecord,
  checkpoint: (c: NativeRecord['checkpoints'][number]) => Partial<NativeRecord['checkpoints'][number]>,
): string {
  const events = record.events.map((e) => [
    e.source,
    e.type,
    e.tool ?? null,
    e.call_id ?? null,
    e.content ?? null,
    e.error ?? null,
    e.arguments == null ? null : canonicalJson(e.arguments),
    e.metadata == null ? null : canonicalJson(e.metadata),
  ]);
  // The policy is stored apart (one row per benchmark, domain and text) and is not the run's identity:
  // files imported before policies were kept hash as they did, so re-importing them is still a no-op.
  const { policy: _policy, ...trajectory } = record.trajectory;
  return createHash('sha256')
    .update(
      JSON.stringify([
        'trajectory.v1',
        contentHash(trajectory),
        contentHash(record.checkpoints.map(checkpoint)),
        events,
      ]),
    )
    .digest('hex');
}

/**
 * A run that passed, whose failed checks are all outside its reward basis: those failures did not count, so
 * the queue leaves it out by default. A failed run never is (every failed check of it stays diagnosable), nor
 * is a passed one with a failed check of unknown standing.
 */
export function isInformationalOnly(passed: boolean, failedChecks: { in_reward_basis?: boolean | null }[]): boolean {
  return passed && failedChecks.length > 0 && failedChecks.every((c) => c.in_reward_basis === false);
}

/** Collision-safe alphanumeric ids (cuid-like) generated here, so a whole batch is inserted without read-backs. */
export function newId(): string {
  return `c${Date.now().toString(36)}${randomBytes(10).toString('hex')}`;
}

type TaskInfo = { id: string; contentHash: string; checkpointIds: Map<string, string> };
const taskKey = (benchmark: string, externalId: string) => `${benchmark}\u0000${externalId}`;

/**
 * Tasks already known to an import run, so a 1 GB file of the same 50 tasks
 * does not look each task up again per batch. Tasks created inside a
 * transaction stay `pending` until the caller commits, so a rolled-back batch
 * never leaves a dangling id in the cache.
 */
export class TaskCache {
  private known = new Map<string, TaskInfo>();
  private pending = new Map<string, TaskInfo>();
  constructor(private readonly limit = 5000) {}
  get(key: string) {
    return this.pending.get(key) ?? this.known.get(key);
  }
  add(key: string, info: TaskInfo, created: boolean) {
    (created ? this.pending : this.known).set(key, info);
    if (this.known.size > this.limit) this.known.clear();
  }
  commit() {
    for (const [k, v] of this.pending) this.known.set(k, v);
    this.pending.clear();
  }
  rollback() {
    this.pending.clear();
  }
}

export type StoredTask = {
  id: string;
  benchmark: string;
  externalId: string;
  contentHash: string;
  checkpoints: { id: string; key: string }[];
};
export type StoredTrajectory = {
  id: string;
  externalId: string;
  contentHash: string;
  taskId: string;
  policyId: string | null;
};
/** A trajectory row as an import writes it: the Trajectory columns PostgreSQL does not fill itself. */
export type TrajectoryRow = Pick<
  Trajectory,
  | 'id'
  | 'externalId'
  | 'taskId'
  | 'model'
  | 'agent'
  | 'trial'
  | 'passed'
  | 'score'
  | 'outcomeReason'
  | 'feedbackKind'
  | 'memoryRelease'
  | 'memoryCardIds'
  | 'contentHash'
  | 'eventCount'
  | 'failedCount'
  | 'pendingCount'
  | 'informationalOnly'
  | 'notStarted'
  | 'importJobId'
  | 'policyId'
> & { metadata: Record<string, unknown> };
/** The values of a checkpoint result that an import writes and a late attach compares and replaces. */
export const RESULT_VALUE_FIELDS = ['passed', 'score', 'total', 'note', 'eventIndex', 'inRewardBasis'] as const;
export type ResultValues = Pick<CheckpointResult, (typeof RESULT_VALUE_FIELDS)[number]>;
export type ResultRow = Pick<CheckpointResult, 'id' | 'trajectoryId' | 'checkpointId'> & ResultValues;
export type BatchRows = {
  trajectories: TrajectoryRow[];
  events: EventRow[];
  results: ResultRow[];
  /** Runs imported before policies were kept, re-imported with one: their policy is attached. */
  policyLinks: { trajectoryId: string; policyId: string }[];
};

/**
 * Where a batch is read from and written to, inside one transaction. The
 * Prisma store serves the seed, tests and single-record callers; the import
 * path uses the pg store (lib/import/pg-store.ts), whose COPY of event rows is
 * what makes large imports fast. The decisions (present / conflict / new) are
 * made once, in writeRecordsWith, for both.
 */
export interface BatchStore {
  findTasks(keys: { benchmark: string; externalId: string }[]): Promise<StoredTask[]>;
  createTask(task: NativeRecord['task'], hash: string): Promise<StoredTask>;
  findTrajectories(externalIds: string[]): Promise<StoredTrajectory[]>;
  /** Stores each policy not stored yet (the same key is one row, whoever races); returns every id by policyKey. */
  savePolicies(policies: RecordPolicy[]): Promise<Map<string, string>>;
  insert(rows: BatchRows): Promise<void>;
}

const toInfo = (t: StoredTask): TaskInfo => ({
  id: t.id,
  contentHash: t.contentHash,
  checkpointIds: new Map(t.checkpoints.map((c) => [c.key, c.id])),
});

/** What a store reads back of a task (StoredTask). */
const STORED_TASK = {
  id: true,
  benchmark: true,
  externalId: true,
  contentHash: true,
  checkpoints: { select: { id: true, key: true } },
} as const;

export function prismaStore(tx: Tx): BatchStore {
  return {
    findTasks: (keys) =>
      tx.task.findMany({
        where: { OR: keys },
        select: STORED_TASK,
      }),
    createTask: (t, hash) =>
      tx.task.create({
        data: {
          benchmark: t.benchmark,
          externalId: t.id,
          ability: t.ability ?? null,
          instruction: t.instruction,
          apps: t.apps,
          split: t.split === 'heldout' ? 'HELDOUT' : t.split === 'reference' ? 'REFERENCE' : null,
          metadata: t.metadata as Prisma.InputJsonValue,
          contentHash: hash,
          checkpoints: {
            create: t.checkpoints.map((c, position) => ({
              key: c.id,
              name: c.name,
              description: c.description ?? null,
              kind: c.kind ?? null,
              weight: c.weight,
              position,
            })),
          },
        },
        select: STORED_TASK,
      }),
    findTrajectories: (externalIds) =>
      tx.trajectory.findMany({
        where: { externalId: { in: externalIds } },
        select: { id: true, externalId: true, contentHash: true, taskId: true, policyId: true },
      }),
    savePolicies: async (policies) => {
      if (!policies.length) return new Map();
      await tx.policy.createMany({ data: policies, skipDuplicates: true });
      const rows = await tx.policy.findMany({
        where: { OR: policies.map(({ benchmark, ability, contentHash }) => ({ benchmark, ability, contentHash })) },
        select: { id: true, benchmark: true, ability: true, contentHash: true },
      });
      return new Map(rows.map((r) => [policyKey(r), r.id]));
    },
    insert: async ({ trajectories, events, results, policyLinks }) => {
      if (trajectories.length) {
        await tx.trajectory.createMany({
          data: trajectories.map((t) => ({ ...t, metadata: t.metadata as Prisma.InputJsonValue })),
        });
      }
      await insertEventRows(tx, events);
      if (results.length) await tx.checkpointResult.createMany({ data: results });
      for (const l of policyLinks)
        await tx.trajectory.update({ where: { id: l.trajectoryId }, data: { policyId: l.policyId } });
    },
  };
}

async function resolveTasks(store: BatchStore, records: NativeRecord[], cache: TaskCache): Promise<void> {
  const missing = new Map<string, { benchmark: string; externalId: string }>();
  for (const r of records) {
    const key = taskKey(r.task.benchmark, r.task.id);
    if (!cache.get(key)) missing.set(key, { benchmark: r.task.benchmark, externalId: r.task.id });
  }
  if (!missing.size) return;
  for (const t of await store.findTasks([...missing.values()]))
    cache.add(taskKey(t.benchmark, t.externalId), toInfo(t), false);
}

/**
 * Writes validated records through a store inside one transaction, batched:
 * one lookup for tasks, one for existing trajectories, then one insert each
 * for trajectories, events and checkpoint results. Re-writing the same record
 * is a no-op ("present"); a different record under an existing id (or a task
 * whose definition disagrees) is a conflict and nothing of that record is
 * written. Outcomes come back in input order.
 */
export async function writeRecordsWith(
  store: BatchStore,
  records: NativeRecord[],
  opts: { importJobId?: string; cache?: TaskCache } = {},
): Promise<WriteOutcome[]> {
  const cache = opts.cache ?? new TaskCache();
  await resolveTasks(store, records, cache);
  const existing = new Map(
    (await store.findTrajectories([...new Set(records.map((r) => r.trajectory.id))])).map((t) => [t.externalId, t]),
  );

  const outcomes: WriteOutcome[] = [];
  const rows: BatchRows = { trajectories: [], events: [], results: [], policyLinks: [] };
  // Each row's policy key until the policies are saved (one lookup for the batch) and it becomes an id.
  const policies = new Map<string, RecordPolicy>();
  const policyOf = new Map<string, string>();
  const linkOf = new Map<string, string>();

  for (const record of records) {
    const { task: t, trajectory: tr } = record;
    const key = taskKey(t.benchmark, t.id);
    const taskHash = taskDefinitionHash(t);
    let task = cache.get(key);
    // A definition guessed from a run (bare τ²-bench list) defers to the stored one when its checkpoints are all there.
    const defers = (known: TaskInfo) =>
      t.metadata.instruction_source === 'first_user_message' &&
      record.checkpoints.every((c) => known.checkpointIds.has(c.id));
    if (task && task.contentHash !== taskHash && !defers(task)) {
      outcomes.push({
        status: 'conflict',
        path: 'task',
        reason: `task ${t.benchmark}:${t.id} is already imported with a different definition`,
      });
      continue;
    }
    if (!task) {
      task = toInfo(await store.createTask(t, taskHash));
      cache.add(key, task, true);
    }

    const hash = trajectoryHash(record);
    const prior = existing.get(tr.id);
    const policy = recordPolicy(record);
    if (prior) {
      const same = prior.contentHash === hash || prior.contentHash === trajectoryHashWithStanding(record);
      if (same && prior.taskId === task.id) {
        outcomes.push({ status: 'present', trajectoryId: prior.id, taskId: task.id });
        if (policy && prior.policyId == null && !policyOf.has(prior.id)) {
          policies.set(policyKey(policy), policy);
          linkOf.set(prior.id, policyKey(policy));
        }
      } else
        outcomes.push({
          status: 'conflict',
          path: 'trajectory.id',
          reason: `trajectory ${tr.id} is already imported with different content`,
        });
      continue;
    }

    const id = newId();
    existing.set(tr.id, { id, externalId: tr.id, contentHash: hash, taskId: task.id, policyId: null });
    if (policy) {
      policies.set(policyKey(policy), policy);
      policyOf.set(id, policyKey(policy));
    }
    const failedChecks = record.checkpoints.filter((c) => !c.passed);
    const failed = failedChecks.length;
    rows.trajectories.push({
      id,
      externalId: tr.id,
      taskId: task.id,
      model: tr.model,
      agent: tr.agent ?? null,
      trial: tr.trial ?? null,
      passed: tr.outcome.passed,
      score: tr.outcome.score ?? null,
      outcomeReason: tr.outcome.reason ?? null,
      feedbackKind: FEEDBACK[tr.feedback],
      memoryRelease: tr.memory?.bank_release ?? null,
      memoryCardIds: tr.memory?.card_ids ?? [],
      metadata: tr.metadata,
      contentHash: hash,
      eventCount: record.events.length,
      failedCount: failed,
      pendingCount: failed,
      // A run that never started is left out of the queue like an informational one: there is nothing to diagnose.
      informationalOnly: isInformationalOnly(tr.outcome.passed, failedChecks) || tr.metadata[NOT_STARTED_KEY] === true,
      notStarted: tr.metadata[NOT_STARTED_KEY] === true,
      importJobId: opts.importJobId ?? null,
      policyId: null,
    });
    record.events.forEach((event, position) => rows.events.push({ trajectoryId: id, position, event }));
    for (const c of record.checkpoints) {
      rows.results.push({
        id: `${id}r${rows.results.length}`,
        trajectoryId: id,
        checkpointId: task.checkpointIds.get(c.id)!,
        passed: c.passed,
        score: c.score ?? null,
        total: c.total ?? null,
        note: c.note ?? null,
        eventIndex: c.event_index ?? null,
        inRewardBasis: c.in_reward_basis ?? null,
      });
    }
    outcomes.push({ status: 'imported', trajectoryId: id, taskId: task.id });
  }

  if (policies.size) {
    const ids = await store.savePolicies([...policies.values()]);
    for (const t of rows.trajectories) t.policyId = ids.get(policyOf.get(t.id) ?? '') ?? null;
    for (const [trajectoryId, key] of linkOf) {
      const policyId = ids.get(key);
      if (policyId) rows.policyLinks.push({ trajectoryId, policyId });
    }
  }
  await store.insert(rows);
  return outcomes;
}

/** Writes validated records inside the caller's Prisma transaction (see writeRecordsWith). */
export async function writeNativeRecords(
  tx: Tx,
  records: NativeRecord[],
  opts: { importJobId?: string; cache?: TaskCache } = {},
): Promise<WriteOutcome[]> {
  return writeRecordsWith(prismaStore(tx), records, opts);
}

/** Writes one validated record inside the caller's transaction (seed, tests and single-record callers). */
export async function writeNativeRecord(
  tx: Tx,
  record: NativeRecord,
  opts: { importJobId?: string } = {},
): Promise<WriteOutcome> {
  const [outcome] = await writeNativeRecords(tx, [record], opts);
  return outcome;
}
