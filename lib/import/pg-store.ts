import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type postgres from 'postgres';
import { importSql } from '@/lib/db/import-pool';
import { bindArrays } from '@/lib/db/sql';
import { policyKey } from './record-policy';
import { newId, RESULT_VALUE_FIELDS, type BatchStore, type StoredTask, type StoredTrajectory } from './write-record';
import type { EventRow } from './write-events';

/**
 * The import path's database access: one connection of the import pool
 * (lib/db/import-pool.ts) per batch transaction, so event rows can be streamed
 * with `COPY … FROM STDIN` inside the same transaction as their trajectory.
 * Every import (CLI, upload, API) writes through here; the bench compares this
 * path against a raw COPY.
 */
/** One connection inside a transaction: parameterised queries and COPY. */
export type ImportClient = {
  query: <R = Record<string, unknown>>(text: string, values?: unknown[]) => Promise<{ rows: R[] }>;
  copyFrom: (copySql: string, source: Readable) => Promise<void>;
};

function clientOf(tx: postgres.TransactionSql): ImportClient {
  return {
    async query<R>(text: string, values: unknown[] = []) {
      const rows = await tx.unsafe(text, bindArrays(tx, text, values));
      return { rows: rows as unknown as R[] };
    },
    async copyFrom(copySql, source) {
      await pipeline(source, await tx.unsafe(copySql).writable());
    },
  };
}

/** Runs `fn` in one transaction on one connection; rolls back on any error. */
export async function withPgTransaction<T>(fn: (client: ImportClient) => Promise<T>): Promise<T> {
  try {
    return (await importSql().begin((tx) => fn(clientOf(tx)))) as T;
  } catch (err) {
    // Callers read node-postgres' field names (`constraint`) to tell a lost race from a bad record.
    const e = err as { constraint?: string; constraint_name?: string };
    if (e && typeof e === 'object' && e.constraint_name && !e.constraint) e.constraint = e.constraint_name;
    throw err;
  }
}

// PostgreSQL text cannot hold NUL and jsonb rejects the \u0000 escape; agents' tool output occasionally has both.
const noNul = (s: string) => (s.includes('\u0000') ? s.replace(/\u0000/g, '\uFFFD') : s);
// JSON.stringify writes NUL and half surrogate pairs (an emoji cut in two by a model) as \uXXXX escapes, which jsonb
// refuses; an escape preceded by an even run of backslashes is one, an odd run means it is literal text.
const BAD_JSON_ESCAPE = /(?<!\\)((?:\\\\)*)\\u(?:0000|d[89a-f][0-9a-f]{2})/gi;
const jsonText = (v: unknown) => {
  if (v == null) return null;
  const text = JSON.stringify(v);
  return text.includes('\\u') ? text.replace(BAD_JSON_ESCAPE, '$1\\ufffd') : text;
};
/** Query parameters with NUL replaced in every string (also inside arrays): identifiers and names can carry it too. */
const params = (values: unknown[]) =>
  values.map((v) =>
    typeof v === 'string' ? noNul(v) : Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? noNul(x) : x)) : v,
  );

/** The parameters of an `unnest($1, $2, …)` insert: per column (by field name, in order), that field of every row. */
const columnsOf = <R>(rows: R[], columns: readonly (keyof R)[]) =>
  params(columns.map((k) => rows.map((row) => row[k])));
// In the order of the insert's unnest(…) parameters.
const TRAJECTORY_COLUMNS = [
  'id',
  'externalId',
  'taskId',
  'model',
  'agent',
  'trial',
  'passed',
  'score',
  'outcomeReason',
  'feedbackKind',
  'memoryRelease',
  'memoryCardIds',
  'metadata',
  'contentHash',
  'eventCount',
  'failedCount',
  'importJobId',
  'informationalOnly',
  'policyId',
  'notStarted',
] as const;
const RESULT_COLUMNS = ['id', 'trajectoryId', 'checkpointId', ...RESULT_VALUE_FIELDS] as const;

/** One field in COPY text format: \N for NULL; backslash, tab, newline and carriage return escaped. */
export function copyField(v: string | number | boolean | null | undefined): string {
  if (v == null) return '\\N';
  const s = typeof v === 'string' ? v : String(v);
  if (!/[\\\t\n\r\u0000]/.test(s)) return s;
  return noNul(s).replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

export const EVENT_COPY_SQL =
  'COPY "Event" ("id","trajectoryId","position","source","type","tool","arguments","callId","content","error","metadata") FROM STDIN';

/** An event row as one COPY text line; event ids derive from the (new, unique) trajectory id and position. */
export function eventCopyLine(r: EventRow): string {
  const e = r.event;
  return (
    [
      `${r.trajectoryId}e${r.position}`,
      r.trajectoryId,
      r.position,
      e.source.toUpperCase(),
      e.type.toUpperCase(),
      e.tool ?? null,
      jsonText(e.arguments),
      e.call_id ?? null,
      e.content == null ? null : noNul(e.content),
      e.error ? 't' : 'f',
      jsonText(e.metadata),
    ]
      .map(copyField)
      .join('\t') + '\n'
  );
}

async function copyEvents(client: ImportClient, rows: EventRow[]): Promise<void> {
  if (!rows.length) return;
  // Lines are produced in chunks as COPY consumes them, so a big batch is never one giant string.
  async function* lines() {
    let chunk = '';
    for (const row of rows) {
      chunk += eventCopyLine(row);
      if (chunk.length > 256 * 1024) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  await client.copyFrom(EVENT_COPY_SQL, Readable.from(lines()));
}

export function pgStore(client: ImportClient): BatchStore {
  return {
    async findTasks(keys) {
      const { rows } = await client.query<StoredTask>(
        `SELECT t.id, t.benchmark, t."externalId", t."contentHash",
                COALESCE(json_agg(json_build_object('id', c.id, 'key', c.key)) FILTER (WHERE c.id IS NOT NULL), '[]') AS checkpoints
         FROM "Task" t LEFT JOIN "TaskCheckpoint" c ON c."taskId" = t.id
         WHERE (t.benchmark, t."externalId") IN (SELECT * FROM unnest($1::text[], $2::text[]))
         GROUP BY t.id`,
        params([keys.map((k) => k.benchmark), keys.map((k) => k.externalId)]),
      );
      return rows;
    },
    async createTask(t, hash) {
      const id = newId();
      const split = t.split === 'heldout' ? 'HELDOUT' : t.split === 'reference' ? 'REFERENCE' : null;
      await client.query(
        `INSERT INTO "Task" (id, benchmark, "externalId", ability, instruction, apps, split, metadata, "contentHash", "updatedAt")
         VALUES ($1, $2, $3, $4, $5, $6::text[], $7::"TaskSplit", $8::text::jsonb, $9, now())`,
        params([
          id,
          t.benchmark,
          t.id,
          t.ability ?? null,
          noNul(t.instruction),
          t.apps,
          split,
          jsonText(t.metadata) ?? '{}',
          hash,
        ]),
      );
      const checkpoints = t.checkpoints.map((c) => ({ id: newId(), key: c.id, c }));
      if (checkpoints.length) {
        await client.query(
          `INSERT INTO "TaskCheckpoint" (id, "taskId", key, name, description, kind, weight, position, "updatedAt")
           SELECT id, $1, key, name, description, kind, weight, position, now()
           FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::float8[], $8::int[]) AS x(id, key, name, description, kind, weight, position)`,
          params([
            id,
            checkpoints.map((x) => x.id),
            checkpoints.map((x) => x.key),
            checkpoints.map((x) => noNul(x.c.name)),
            checkpoints.map((x) => (x.c.description == null ? null : noNul(x.c.description))),
            checkpoints.map((x) => x.c.kind ?? null),
            checkpoints.map((x) => x.c.weight),
            checkpoints.map((_, i) => i),
          ]),
        );
      }
      return {
        id,
        benchmark: t.benchmark,
        externalId: t.id,
        contentHash: hash,
        checkpoints: checkpoints.map((x) => ({ id: x.id, key: x.key })),
      };
    },
    async findTrajectories(externalIds) {
      const { rows } = await client.query<StoredTrajectory>(
        `SELECT id, "externalId", "contentHash", "taskId", "policyId" FROM "Trajectory" WHERE "externalId" = ANY($1::text[])`,
        params([externalIds]),
      );
      return rows;
    },
    async savePolicies(policies) {
      if (!policies.length) return new Map();
      const columns = params([
        policies.map(() => newId()),
        policies.map((p) => p.benchmark),
        policies.map((p) => p.ability),
        policies.map((p) => p.kind),
        policies.map((p) => noNul(p.text)),
        policies.map((p) => p.contentHash),
      ]);
      await client.query(
        `INSERT INTO "Policy" (id, benchmark, ability, kind, text, "contentHash")
         SELECT id, benchmark, ability, kind::"PolicyKind", text, hash
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) AS x(id, benchmark, ability, kind, text, hash)
         ON CONFLICT (benchmark, ability, "contentHash") DO NOTHING`,
        columns,
      );
      const { rows } = await client.query<{ id: string; benchmark: string; ability: string; contentHash: string }>(
        `SELECT p.id, p.benchmark, p.ability, p."contentHash" FROM "Policy" p
         JOIN unnest($1::text[], $2::text[], $3::text[]) AS x(benchmark, ability, hash)
           ON p.benchmark = x.benchmark AND p.ability = x.ability AND p."contentHash" = x.hash`,
        [columns[1], columns[2], columns[5]],
      );
      return new Map(rows.map((r) => [policyKey(r), r.id]));
    },
    async insert({ trajectories: t, events, results: r, policyLinks }) {
      if (t.length) {
        await client.query(
          `INSERT INTO "Trajectory" (id, "externalId", "taskId", model, agent, trial, passed, score, "outcomeReason", "feedbackKind", "memoryRelease",
                                     "memoryCardIds", metadata, "contentHash", "eventCount", "failedCount", "pendingCount", "informationalOnly", "notStarted", "importJobId", "policyId", "updatedAt")
           SELECT id, ext, task, model, agent, trial, passed, score, reason, fb::"FeedbackKind", rel,
                  ARRAY(SELECT jsonb_array_elements_text(cards::jsonb)), meta::jsonb, hash, ev, failed, failed, info, ns, job, pol, now()
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::boolean[], $8::float8[], $9::text[], $10::text[],
                       $11::text[], $12::text[], $13::text[], $14::text[], $15::int[], $16::int[], $17::text[], $18::boolean[], $19::text[], $20::boolean[])
             AS x(id, ext, task, model, agent, trial, passed, score, reason, fb, rel, cards, meta, hash, ev, failed, job, info, pol, ns)`,
          columnsOf(
            t.map((x) => ({ ...x, memoryCardIds: jsonText(x.memoryCardIds), metadata: jsonText(x.metadata) ?? '{}' })),
            TRAJECTORY_COLUMNS,
          ),
        );
      }
      await copyEvents(client, events);
      if (r.length) {
        await client.query(
          `INSERT INTO "CheckpointResult" (id, "trajectoryId", "checkpointId", passed, score, total, note, "eventIndex", "inRewardBasis", "updatedAt")
           SELECT id, tid, cid, passed, score, total, note, ev, basis, now()
           FROM unnest($1::text[], $2::text[], $3::text[], $4::boolean[], $5::float8[], $6::float8[], $7::text[], $8::int[], $9::boolean[])
             AS x(id, tid, cid, passed, score, total, note, ev, basis)`,
          columnsOf(r, RESULT_COLUMNS),
        );
      }
      if (policyLinks.length) {
        await client.query(
          `UPDATE "Trajectory" t SET "policyId" = x.pol FROM unnest($1::text[], $2::text[]) AS x(id, pol) WHERE t.id = x.id`,
          [policyLinks.map((l) => l.trajectoryId), policyLinks.map((l) => l.policyId)],
        );
      }
    },
  };
}
