import { transientDatabaseError } from '@/lib/db/transient-error';
import { withPgTransaction, type ImportClient } from '@/lib/import/pg-store';
import { notifyChangeOn } from '@/lib/live/notify';
import { buildTraces, type BuildOutcome } from './build-trace';
import type { ReceivedSpan } from './received-span';

/**
 * A trace whose root span never arrives (a crashed agent, a sampler that dropped it) is built anyway
 * once no span of it has arrived for this long: 10 minutes (docs/send-traces.md).
 */
export const OTLP_QUIET_PERIOD_MS = 10 * 60 * 1000;
// Traces per build: one writer call per batch, whose statements (and statement-level triggers) run once
// for all of them; small enough that a batch's transaction stays short.
const BUILD_BATCH = 100;
// After a small batch, the builder waits this long before picking again, so the traces of requests
// arriving meanwhile join one batch instead of each paying the writer's per-batch statements.
const BUILD_SETTLE_MS = 100;
// Reasons kept per sender for the Imports page (newest first).
export const KEPT_REJECTIONS = 10;
// How often a process looks for traces left pending (a process that acknowledged them died, the
// quiet period passed) when no request arrives to start the builder.
const SWEEP_INTERVAL_MS = 30 * 1000;

type Pending = { traceId: string; spanCount: number; sourceKey: string; neverBuilt: boolean };

/**
 * Spans a request of this process staged and handed over (each trace wholly in that request), with the
 * drain they were handed to: the builder uses them instead of reading the trace back when the trace's
 * row still counts exactly that many spans. A drain forgets what was handed before it started.
 */
const handed = new Map<string, { spans: ReceivedSpan[]; drain: number }>();
let drains = 0;

export function handOverSpans(spansOf: Map<string, ReceivedSpan[]>): void {
  for (const [traceId, spans] of spansOf) handed.set(traceId, { spans, drain: drains });
}

/**
 * Builds up to BUILD_BATCH pending traces in one transaction. Rows are taken FOR UPDATE SKIP LOCKED: two
 * processes (replicas, a worker) never build one trace at once, and a request bringing more spans of a
 * trace waits for its build to commit, then marks it pending again. Spans are read only here, after the
 * requests that staged them committed, so a build sees every span its row counts; the mark is cleared
 * only when the build used exactly the row's count.
 */
// The traces ready to build, oldest request first: complete (root ended) or quiet for the quiet period.
const READY = `"buildRequestedAt" IS NOT NULL AND ("rootEnded" OR "lastSeenAt" < ($1::timestamptz AT TIME ZONE 'UTC'))`;
const quietCutoff = (now: Date) => new Date(now.getTime() - OTLP_QUIET_PERIOD_MS).toISOString();

async function buildBatch(
  client: ImportClient,
  now: Date,
  only?: string,
): Promise<{ picked: number; outcomes: BuildOutcome[] }> {
  const { rows: picked } = await client.query<Pending>(
    `SELECT "traceId", "spanCount", "sourceKey", ("status" = 'OPEN') AS "neverBuilt"
     FROM "OtlpTrace"
     WHERE ${READY} AND ($3::text IS NULL OR "traceId" = $3)
     ORDER BY "buildRequestedAt"
     LIMIT $2
     FOR UPDATE SKIP LOCKED`,
    [quietCutoff(now), BUILD_BATCH, only ?? null],
  );
  if (!picked.length) return { picked: 0, outcomes: [] };

  const spansOf = new Map<string, ReceivedSpan[]>();
  const toRead: string[] = [];
  for (const p of picked) {
    const given = handed.get(p.traceId);
    handed.delete(p.traceId);
    if (given && given.spans.length === p.spanCount) spansOf.set(p.traceId, given.spans);
    else toRead.push(p.traceId);
  }
  if (toRead.length) {
    const { rows } = await client.query<{ traceId: string; span: ReceivedSpan; seq: string }>(
      `SELECT "traceId", span, seq FROM "OtlpSpan" WHERE "traceId" = ANY($1::text[])`,
      [toRead],
    );
    for (const r of rows) {
      const list = spansOf.get(r.traceId) ?? [];
      list.push({ ...r.span, seq: Number(r.seq) });
      spansOf.set(r.traceId, list);
    }
  }

  const ids = picked.map((p) => p.traceId);
  const outcomes = await buildTraces(client, ids, {
    spansOf,
    neverBuilt: new Set(picked.filter((p) => p.neverBuilt).map((p) => p.traceId)),
  });
  await client.query(
    `UPDATE "OtlpTrace" t SET "buildRequestedAt" = NULL
     FROM unnest($1::text[], $2::int[]) AS u(id, n)
     WHERE t."traceId" = u.id AND t."spanCount" = u.n`,
    [ids, ids.map((id) => spansOf.get(id)?.length ?? 0)],
  );
  await countBuilds(client, picked, outcomes, now);
  return { picked: picked.length, outcomes };
}

/** Counts the batch's new trajectories and failed builds under each trace's sender, and tells the Imports page. */
async function countBuilds(client: ImportClient, picked: Pending[], outcomes: BuildOutcome[], now: Date) {
  const senderOf = new Map(picked.map((p) => [p.traceId, p.sourceKey]));
  const perSender = new Map<string, { built: number; failures: { at: string; reason: string }[] }>();
  for (const o of outcomes) {
    const key = senderOf.get(o.traceId)!;
    const entry = perSender.get(key) ?? { built: 0, failures: [] };
    if (o.status === 'built' && !o.rebuilt) entry.built++;
    if (o.status === 'failed') entry.failures.push({ at: now.toISOString(), reason: `trace ${o.traceId}: ${o.error}` });
    perSender.set(key, entry);
  }
  const keys = [...perSender.keys()].sort();
  await client.query(
    `UPDATE "OtlpIngest" i SET
       "tracesBuilt" = i."tracesBuilt" + u.built,
       "recentRejections" = (
         SELECT coalesce(jsonb_agg(e), '[]'::jsonb) FROM (
           SELECT e FROM jsonb_array_elements(u.failures::jsonb || i."recentRejections") e LIMIT $4
         ) kept
       )
     FROM unnest($1::text[], $2::int[], $3::text[]) AS u(key, built, failures)
     WHERE i."sourceKey" = u.key`,
    [
      keys,
      keys.map((k) => perSender.get(k)!.built),
      keys.map((k) => JSON.stringify(perSender.get(k)!.failures.slice(0, KEPT_REJECTIONS))),
      KEPT_REJECTIONS,
    ],
  );
  for (const key of keys) await notifyChangeOn(client, { channel: 'imports', id: key, status: 'otlp' });
}

/**
 * After a batch's build threw. The batch is the oldest pending traces, so a trace whose build throws every
 * time (a database constraint its spans break) would be picked first again and again, holding back every
 * trace picked with it: each is built alone instead, and one whose build still throws is set aside as FAILED
 * with the error, shown on the Imports page, until more spans of it arrive. A transient error (the database
 * busy or gone) leaves them all pending for the next drain.
 */
async function buildOneByOne(batchError: unknown): Promise<{ picked: number; outcomes: BuildOutcome[] }> {
  console.error('[otlp] a batch of traces failed to build; building them one by one', batchError);
  const now = new Date();
  const ids = await withPgTransaction(async (client) => {
    const { rows } = await client.query<{ traceId: string }>(
      `SELECT "traceId" FROM "OtlpTrace" WHERE ${READY} ORDER BY "buildRequestedAt" LIMIT $2`,
      [quietCutoff(now), BUILD_BATCH],
    );
    return rows.map((r) => r.traceId);
  });
  const outcomes: BuildOutcome[] = [];
  for (const traceId of ids) {
    try {
      outcomes.push(...(await withPgTransaction((client) => buildBatch(client, now, traceId))).outcomes);
    } catch (err) {
      if (transientDatabaseError(err)) throw err;
      const error = `building the trace failed: ${err instanceof Error ? err.message : String(err)}`;
      await withPgTransaction((client) => setAside(client, traceId, error, now));
      outcomes.push({ traceId, status: 'failed', error });
    }
  }
  return { picked: ids.length, outcomes };
}

async function setAside(client: ImportClient, traceId: string, error: string, now: Date): Promise<void> {
  const { rows } = await client.query<Pending>(
    `UPDATE "OtlpTrace" SET "status" = 'FAILED', "error" = $2, "buildRequestedAt" = NULL
     WHERE "traceId" = $1 AND "buildRequestedAt" IS NOT NULL
     RETURNING "traceId", "spanCount", "sourceKey", false AS "neverBuilt"`,
    [traceId, error],
  );
  if (rows.length) await countBuilds(client, rows, [{ traceId, status: 'failed', error }], now);
}

/** Builds pending traces batch after batch until none is left that this process may take. */
async function drain(): Promise<Map<string, BuildOutcome>> {
  const started = ++drains;
  const outcomes = new Map<string, BuildOutcome>();
  try {
    for (let last = BUILD_BATCH; ;) {
      if (last < BUILD_BATCH / 4) await new Promise((resolve) => setTimeout(resolve, BUILD_SETTLE_MS));
      let batch: { picked: number; outcomes: BuildOutcome[] };
      try {
        batch = await withPgTransaction((client) => buildBatch(client, new Date()));
      } catch (err) {
        if (transientDatabaseError(err)) throw err;
        batch = await buildOneByOne(err);
      }
      for (const o of batch.outcomes) outcomes.set(o.traceId, o);
      if (!batch.picked) break;
      last = batch.picked;
    }
  } catch (err) {
    // The batch rolled back: its traces stay pending for the next request or sweep.
    console.error('[otlp] building pending traces failed; they stay pending and are retried', err);
  } finally {
    for (const [traceId, h] of handed) if (h.drain < started) handed.delete(traceId);
  }
  return outcomes;
}

let running: Promise<Map<string, BuildOutcome>> | null = null;
let next: Promise<Map<string, BuildOutcome>> | null = null;

/**
 * Starts the builder (one drain at a time per process). Called after a request's commit: a drain already
 * running may have read the pending traces before that commit, so one more drain follows it. Resolves with
 * what the drains that cover the caller's commit built (a trace another process built is not among them);
 * never rejects.
 */
export function kickTraceBuilds(): Promise<Map<string, BuildOutcome>> {
  if (!running) {
    running = drain().finally(() => (running = null));
    return running;
  }
  next ??= running.then(async (first) => {
    next = null;
    return new Map([...first, ...(await kickTraceBuilds())]);
  });
  return next;
}

/** Resolves once no drain runs or waits in this process (tests, scripts: the builds of what was sent are done). */
export async function traceBuildsIdle(): Promise<void> {
  while (running || next) await (next ?? running);
}

/** Sweeps for pending traces on a timer, for a process that gets no requests; returns the stop. */
export function startTraceBuildSweep(intervalMs = SWEEP_INTERVAL_MS): () => Promise<void> {
  const timer = setInterval(() => void kickTraceBuilds(), intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await traceBuildsIdle();
  };
}
