import { Prisma } from '@prisma/client';
import type { ImportClient } from '@/lib/import/pg-store';
import { newId } from '@/lib/import/write-record';
import { pendingCountSql } from '@/lib/queue/open-checkpoints';
import { overlapKSql } from '@/lib/queue/overlap';

type SavedResult = {
  trajectoryId: string;
  key: string;
  name: string;
  description: string | null;
  kind: string | null;
  weight: number;
  passed: boolean;
  score: number | null;
  total: number | null;
  note: string | null;
  inRewardBasis: boolean | null;
  eventIndex: number | null;
  /** The span the anchored event came from (the nearest event at or before it that names one) and that event's position. */
  span: string | null;
  spanPosition: number | null;
};
type SavedRun = {
  id: string;
  passed: boolean;
  score: number | null;
  outcomeReason: string | null;
  failedCount: number;
  informationalOnly: boolean;
  claim: {
    userId: string;
    assignedById: string | null;
    claimedAt: string;
    lastActiveAt: string;
    expiresAt: string;
  } | null;
};
export type SavedLateResults = { runs: Map<string, SavedRun>; results: SavedResult[] };

/**
 * What a trace's trajectory gained after it was built, read before a rebuild deletes it: the checkpoint
 * results attached later (POST /api/trajectories/{id}/checkpoints, checkpoints.v1), the outcome they
 * decided, and a queue claim. The spans never carry these, so a rebuild from the spans alone would drop
 * them and take a queued run out of the queue.
 */
export async function saveLateResults(client: ImportClient, trajectoryIds: string[]): Promise<SavedLateResults> {
  const runs = new Map<string, SavedRun>();
  if (!trajectoryIds.length) return { runs, results: [] };
  const { rows: results } = await client.query<SavedResult>(
    `SELECT r."trajectoryId", c.key, c.name, c.description, c.kind, c.weight, r.passed, r.score, r.total,
            r.note, r."inRewardBasis", r."eventIndex", a.span, a.position AS "spanPosition"
     FROM "CheckpointResult" r
     JOIN "TaskCheckpoint" c ON c.id = r."checkpointId"
     LEFT JOIN LATERAL (
       SELECT e.metadata->>'span_id' AS span, e.position FROM "Event" e
       WHERE e."trajectoryId" = r."trajectoryId" AND e.position <= r."eventIndex" AND e.metadata ? 'span_id'
       ORDER BY e.position DESC LIMIT 1
     ) a ON true
     WHERE r."trajectoryId" = ANY($1::text[])
     ORDER BY c.position`,
    [trajectoryIds],
  );
  const { rows } = await client.query<SavedRun & { claimUser: string | null } & Record<string, unknown>>(
    `SELECT t.id, t.passed, t.score, t."outcomeReason", t."failedCount", t."informationalOnly",
            q."userId" AS "claimUser", q."assignedById", q."claimedAt"::text AS "claimedAt",
            q."lastActiveAt"::text AS "lastActiveAt", q."expiresAt"::text AS "expiresAt"
     FROM "Trajectory" t LEFT JOIN "QueueClaim" q ON q."trajectoryId" = t.id
     WHERE t.id = ANY($1::text[])`,
    [trajectoryIds],
  );
  const withResults = new Set(results.map((r) => r.trajectoryId));
  for (const r of rows) {
    if (!withResults.has(r.id) && !r.claimUser) continue;
    runs.set(r.id, {
      id: r.id,
      passed: r.passed,
      score: r.score,
      outcomeReason: r.outcomeReason,
      failedCount: r.failedCount,
      informationalOnly: r.informationalOnly,
      claim: r.claimUser
        ? {
            userId: r.claimUser,
            assignedById: r.assignedById as string | null,
            claimedAt: r.claimedAt as string,
            lastActiveAt: r.lastActiveAt as string,
            expiresAt: r.expiresAt as string,
          }
        : null,
    });
  }
  return { runs, results };
}

/**
 * Puts saved results back on the rebuilt trajectories (`rebuiltOf`: old trajectory id → new one). Each
 * result goes to the checkpoint of the same key of the run's task now (added to the task when it lacks
 * it, as attaching does), re-anchored to where its span's events are now; the outcome the results
 * decided stands; the queue count is recounted and a claim still worth holding is kept.
 */
export async function restoreLateResults(
  client: ImportClient,
  saved: SavedLateResults,
  rebuiltOf: Map<string, string>,
): Promise<void> {
  for (const [oldId, run] of saved.runs) {
    const id = rebuiltOf.get(oldId);
    if (!id) continue;
    const results = saved.results.filter((r) => r.trajectoryId === oldId);
    if (results.length) await restoreResults(client, id, run, results);
    const recount = Prisma.sql`UPDATE "Trajectory" t SET "pendingCount" = ${pendingCountSql(overlapKSql())}
      WHERE t.id = ${id} RETURNING t."pendingCount"`;
    const { rows } = await client.query<{ pendingCount: number }>(recount.text, recount.values);
    if (run.claim && (rows[0]?.pendingCount ?? 0) > 0)
      await client.query(
        `INSERT INTO "QueueClaim" (id, "trajectoryId", "userId", "assignedById", "claimedAt", "lastActiveAt", "expiresAt", "updatedAt")
         VALUES ($1, $2, $3, $4, $5::timestamp, $6::timestamp, $7::timestamp, now() AT TIME ZONE 'UTC')`,
        [
          newId(),
          id,
          run.claim.userId,
          run.claim.assignedById,
          run.claim.claimedAt,
          run.claim.lastActiveAt,
          run.claim.expiresAt,
        ],
      );
  }
}

async function restoreResults(client: ImportClient, id: string, run: SavedRun, results: SavedResult[]) {
  const { rows: cps } = await client.query<{ taskId: string; key: string | null; cid: string | null; next: number }>(
    `SELECT t."taskId", c.key, c.id AS cid,
            (SELECT coalesce(max(position) + 1, 0) FROM "TaskCheckpoint" WHERE "taskId" = t."taskId")::int AS next
     FROM "Trajectory" t LEFT JOIN "TaskCheckpoint" c ON c."taskId" = t."taskId" AND c.key = ANY($2::text[])
     WHERE t.id = $1`,
    [id, results.map((r) => r.key)],
  );
  const taskId = cps[0].taskId;
  const checkpointOf = new Map(cps.filter((c) => c.key).map((c) => [c.key!, c.cid!]));
  let position = cps[0].next;
  for (const r of results) {
    if (checkpointOf.has(r.key)) continue;
    const cid = newId();
    await client.query(
      `INSERT INTO "TaskCheckpoint" (id, "taskId", key, name, description, kind, weight, position, "updatedAt")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() AT TIME ZONE 'UTC')`,
      [cid, taskId, r.key, r.name, r.description, r.kind, r.weight, position++],
    );
    checkpointOf.set(r.key, cid);
  }

  const spans = [...new Set(results.flatMap((r) => (r.span ? [r.span] : [])))];
  const { rows: events } = await client.query<{ span: string; position: number }>(
    `SELECT e.metadata->>'span_id' AS span, min(e.position)::int AS position
     FROM "Event" e WHERE e."trajectoryId" = $1 AND e.metadata->>'span_id' = ANY($2::text[])
     GROUP BY 1`,
    [id, spans],
  );
  const positionOf = new Map(events.map((e) => [e.span, e.position]));
  const anchor = (r: SavedResult) => {
    if (r.eventIndex == null) return null;
    // An anchor before any span's event (none in a trace's events today) keeps its position.
    if (!r.span) return r.eventIndex;
    const at = positionOf.get(r.span);
    return at == null ? null : at + (r.eventIndex - r.spanPosition!);
  };
  await client.query(
    `INSERT INTO "CheckpointResult" (id, "trajectoryId", "checkpointId", passed, score, total, note,
                                     "eventIndex", "inRewardBasis", "updatedAt")
     SELECT u.id, $1, u.cid, u.passed, u.score, u.total, u.note, u.idx, u.basis, now() AT TIME ZONE 'UTC'
     FROM unnest($2::text[], $3::text[], $4::boolean[], $5::float8[], $6::float8[], $7::text[], $8::int[], $9::boolean[])
       AS u(id, cid, passed, score, total, note, idx, basis)`,
    [
      id,
      results.map(() => newId()),
      results.map((r) => checkpointOf.get(r.key)!),
      results.map((r) => r.passed),
      results.map((r) => r.score),
      results.map((r) => r.total),
      results.map((r) => r.note),
      results.map(anchor),
      results.map((r) => r.inRewardBasis),
    ],
  );
  await client.query(
    `UPDATE "Trajectory" SET passed = $2, score = $3, "outcomeReason" = $4, "failedCount" = $5, "informationalOnly" = $6
     WHERE id = $1`,
    [id, run.passed, run.score, run.outcomeReason, run.failedCount, run.informationalOnly],
  );
}
