import type { NativeRecord } from '@/lib/import/native-schema';
import { pgStore, type ImportClient } from '@/lib/import/pg-store';
import { validateRecord } from '@/lib/import/validate-record';
import { trajectoryHash, writeRecordsWith } from '@/lib/import/write-record';
import { restoreLateResults, saveLateResults } from './keep-late-results';
import type { ReceivedSpan } from './received-span';
import { spansToRecord, trajectoryIdOf, UNASSIGNED_TASK } from './spans-to-record';

export type BuildOutcome =
  | { traceId: string; status: 'built'; trajectoryId: string; rebuilt: boolean }
  | { traceId: string; status: 'unchanged'; trajectoryId: string }
  | { traceId: string; status: 'failed'; error: string };

type PriorTrajectory = {
  id: string;
  externalId: string;
  contentHash: string;
  diagnosed: boolean;
  taskId: string;
  reassigned: boolean;
};

/** What the caller knows of the traces. */
export type BuildHints = {
  /** Every staged span of each trace, with their arrival order. */
  spansOf: Map<string, ReceivedSpan[]>;
  /** Traces the receiver never built nor tried: no trajectory of theirs can exist. */
  neverBuilt?: Set<string>;
};

/**
 * (Re)builds traces' trajectories from their staged spans, through the import path's one writer
 * (validateRecord, then writeRecordsWith on the pg store: the native import's COPY of event rows), inside
 * the caller's transaction, which holds the traces' rows locked (lib/otlp/build-pending-traces.ts): one
 * build of a trace at a time. A trace built before is rebuilt when late spans change it, keeping the
 * checkpoint results attached to it since (lib/otlp/keep-late-results.ts), unless someone has diagnosed
 * it already (a diagnosed run never changes under an annotator): then the trace is FAILED with why, and
 * its spans stay.
 */
export async function buildTraces(
  client: ImportClient,
  traceIds: string[],
  known: BuildHints,
): Promise<BuildOutcome[]> {
  if (!traceIds.length) return [];
  const ids = [...traceIds].sort();
  const { spansOf } = known;

  const outcomes = new Map<string, BuildOutcome>();
  const fail = (traceId: string, error: string) => outcomes.set(traceId, { traceId, status: 'failed', error });
  const records = new Map<string, NativeRecord>();
  for (const traceId of ids) {
    const checked = validateRecord(spansToRecord(traceId, spansOf.get(traceId) ?? []));
    if (checked.ok) records.set(traceId, checked.record);
    else fail(traceId, checked.issues.map((i) => `${i.path}: ${i.reason}`).join('; '));
  }

  const mayExist = [...records.keys()].filter((id) => !known.neverBuilt?.has(id));
  const { rows: prior } = mayExist.length
    ? await client.query<PriorTrajectory>(
        `SELECT t.id, t."externalId", t."contentHash", t."taskId",
            EXISTS (SELECT 1 FROM "Diagnosis" d WHERE d."trajectoryId" = t.id) AS diagnosed,
            NOT (k.benchmark = $2 AND k."externalId" = $3) AS reassigned
     FROM "Trajectory" t JOIN "Task" k ON k.id = t."taskId" WHERE t."externalId" = ANY($1::text[])`,
        [mayExist.map(trajectoryIdOf), UNASSIGNED_TASK.benchmark, UNASSIGNED_TASK.id],
      )
    : { rows: [] };
  const priorOf = new Map(prior.map((p) => [p.externalId, p]));
  const replaced: string[] = [];
  const toWrite: [string, NativeRecord][] = [];
  for (const [traceId, record] of records) {
    const p = priorOf.get(trajectoryIdOf(traceId));
    if (!p) toWrite.push([traceId, record]);
    else if (p.contentHash === trajectoryHash(record))
      outcomes.set(traceId, { traceId, status: 'unchanged', trajectoryId: p.id });
    else if (p.diagnosed)
      fail(
        traceId,
        `late spans arrived after trajectory ${p.id} was diagnosed: it is kept as diagnosed and the new spans are stored only`,
      );
    else {
      replaced.push(p.id);
      toWrite.push([traceId, record]);
    }
  }
  // Events, checkpoint results and queue rows go with the trajectory (ON DELETE CASCADE): what arrived
  // after the build (late checkpoint results, a claim) is saved first and put back on the rebuilt run.
  const late = await saveLateResults(client, replaced);
  if (replaced.length) await client.query(`DELETE FROM "Trajectory" WHERE id = ANY($1::text[])`, [replaced]);
  const written = toWrite.length
    ? await writeRecordsWith(
        pgStore(client),
        toWrite.map(([, r]) => r),
      )
    : [];
  // An admin moved the run off the unassigned task (lib/otlp/reassign-trace.ts); the spans still name no
  // task, so the rebuilt run is put back under the task the admin chose.
  const keepTask = written.flatMap((w, i) => {
    const [traceId, record] = toWrite[i];
    const p = priorOf.get(trajectoryIdOf(traceId));
    const stillUnassigned =
      record.task.benchmark === UNASSIGNED_TASK.benchmark && record.task.id === UNASSIGNED_TASK.id;
    return w.status === 'imported' && p?.reassigned && stillUnassigned && !record.checkpoints.length
      ? [{ id: w.trajectoryId, taskId: p.taskId }]
      : [];
  });
  if (keepTask.length)
    await client.query(
      `UPDATE "Trajectory" t SET "taskId" = u.task_id FROM unnest($1::text[], $2::text[]) AS u(id, task_id) WHERE t.id = u.id`,
      [keepTask.map((k) => k.id), keepTask.map((k) => k.taskId)],
    );
  if (late.runs.size) {
    const rebuiltOf = new Map<string, string>();
    written.forEach((w, i) => {
      const p = priorOf.get(trajectoryIdOf(toWrite[i][0]));
      if (p && w.status === 'imported') rebuiltOf.set(p.id, w.trajectoryId);
    });
    await restoreLateResults(client, late, rebuiltOf);
  }
  written.forEach((w, i) => {
    const traceId = toWrite[i][0];
    if (w.status === 'conflict') fail(traceId, `${w.path}: ${w.reason}`);
    else
      outcomes.set(traceId, {
        traceId,
        status: 'built',
        trajectoryId: w.trajectoryId,
        rebuilt: priorOf.has(trajectoryIdOf(traceId)),
      });
  });

  const all = ids.map((id) => outcomes.get(id)!);
  const ok = all.filter((o) => o.status !== 'failed');
  const failed = all.filter((o): o is Extract<BuildOutcome, { status: 'failed' }> => o.status === 'failed');
  if (ok.length)
    await client.query(
      `UPDATE "OtlpTrace" t SET "status" = 'BUILT', "error" = NULL, "trajectoryId" = u.trajectory_id,
         "builtAt" = CASE WHEN u.changed THEN now() ELSE t."builtAt" END
       FROM unnest($1::text[], $2::text[], $3::boolean[]) AS u(trace_id, trajectory_id, changed)
       WHERE t."traceId" = u.trace_id`,
      [
        ok.map((o) => o.traceId),
        ok.map((o) => ('trajectoryId' in o ? o.trajectoryId : null)),
        ok.map((o) => o.status === 'built'),
      ],
    );
  if (failed.length)
    await client.query(
      `UPDATE "OtlpTrace" t SET "status" = 'FAILED', "error" = u.error
       FROM unnest($1::text[], $2::text[]) AS u(trace_id, error)
       WHERE t."traceId" = u.trace_id`,
      [failed.map((o) => o.traceId), failed.map((o) => o.error)],
    );
  return all;
}
