/**
 * Synthetic data for the dashboard and search benchmarks, generated inside
 * PostgreSQL (generate_series / INSERT … SELECT) so 100,000 trajectories and
 * 10 million events take minutes, not hours. Kept in `.data/bench-pg` (or
 * BENCH_DATABASE_URL) and reused: a run with the same sizes seeds nothing.
 * Every row is SYNTHETIC: made-up tasks, models, words and tools.
 */
import path from 'node:path';
import type { Role } from '@prisma/client';
import pg from 'pg';
import type { Actor } from '@/lib/auth/permissions';
import { ensureDatabase, startEmbeddedPostgres, type Database } from './embedded-db';
import { migrateDeploy } from './migrate';

export type BenchSize = { trajectories: number; events: number };

// A vocabulary with a skewed (roughly Zipf-like) pick so some words are common and most are rare, like real transcripts.
const WORDS = (
  'order refund cancel reservation flight booking customer payment card account address shipping status delivery return exchange ' +
  'baggage seat upgrade cabin passenger itinerary policy fare change insurance voucher discount coupon price total tax receipt ' +
  'confirm verify identity email phone name user password reset login session error timeout retry failed success pending ' +
  'product item quantity stock warehouse supplier invoice balance credit debit transfer bank branch loan rate interest schedule ' +
  'appointment calendar event meeting reminder note task deadline project report summary review approve reject escalate agent'
).split(' ');
const VOCAB = [...WORDS, ...Array.from({ length: 3000 - WORDS.length }, (_, i) => `term${i.toString(36)}`)];
export const BENCH_TOOLS = Array.from(
  { length: 40 },
  (_, i) =>
    `${['Shop', 'Flights', 'Bank', 'Calendar'][i % 4]}.${['get', 'update', 'cancel', 'list', 'create'][i % 5]}_${['order', 'reservation', 'account', 'event', 'item', 'user', 'payment', 'ticket'][i % 8]}`,
);
export const BENCH_MODELS = ['kestrel-small', 'heron-large', 'wren-mini', 'robin-7b'];
export const BENCH_RELEASES = ['bench-r1', 'bench-r2', 'bench-r3'];

/** The seeded user `bu<i>` as the caller of a measured call (bu3, an admin, sees everything). */
export const benchActor = (i: number, role: Role): Actor => ({
  userId: `bu${i}`,
  name: 'bench',
  email: `bench${i}@bench.local`,
  role,
  via: 'session',
});

/** Releases named `names` in that order, ten days apart, the last ten days ago. */
export async function insertSyntheticReleases(c: pg.Client, names: string[]): Promise<void> {
  await c.query(
    `INSERT INTO "BankRelease" (id, name, "createdAt", "updatedAt")
     SELECT 'br' || i, ($1::text[])[i], now() - (cardinality($1::text[]) + 1 - i) * 10 * interval '1 day', now()
     FROM generate_series(1, cardinality($1::text[])) i`,
    [names],
  );
}

/** `count` tasks `<prefix><i>` (external id shop/<i>) of `benchmark`, over five abilities. */
export async function insertSyntheticTasks(
  c: pg.Client,
  tasks: { prefix: string; benchmark: string; count: number },
): Promise<void> {
  await c.query(
    `INSERT INTO "Task" (id, benchmark, "externalId", ability, instruction, apps, "contentHash", "updatedAt")
     SELECT $1::text || i, $2, 'shop/' || i, (ARRAY['airline','retail','banking','calendar','telecom'])[1 + i % 5], 'Synthetic task ' || i, ARRAY['Shop'], md5(i::text), now()
     FROM generate_series(0, $3::int - 1) i`,
    [tasks.prefix, tasks.benchmark, tasks.count],
  );
}

export async function openBenchDatabase(): Promise<Database> {
  if (process.env.BENCH_DATABASE_URL) {
    await ensureDatabase(process.env.BENCH_DATABASE_URL);
    await migrateDeploy(process.env.BENCH_DATABASE_URL, { quiet: true });
    return { url: process.env.BENCH_DATABASE_URL, embedded: false, stop: async () => undefined };
  }
  const db = await startEmbeddedPostgres({
    dataDir: path.resolve('.data/bench-pg'),
    port: Number(process.env.BENCH_PG_PORT ?? 54398),
    database: 'bench',
    quiet: true,
    throwaway: true,
  });
  await migrateDeploy(db.url, { quiet: true });
  return db;
}

async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const t = performance.now();
  const r = await fn();
  console.log(`  seeded ${label} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  return r;
}

/** Trajectories with checkpoints, releases, injected cards, diagnoses, proposals, reviews, cards (no events). */
async function seedTrajectories(c: pg.Client, n: number) {
  // TRUNCATE fires no triggers: the dashboard cubes are emptied with the trajectories.
  await c.query(
    `TRUNCATE "Task", "BankRelease", "Card", "Proposal", "User", "DashboardCell", "DashboardCardCell" CASCADE`,
  );
  await c.query(`INSERT INTO "User" (id, email, name, "passwordHash", role, "updatedAt")
    SELECT 'bu' || i, 'bench' || i || '@bench.local', 'Bench user ' || i, 'x', (ARRAY['ANNOTATOR','REVIEWER','RESEARCHER','ADMIN'])[1 + i % 4]::"Role", now() FROM generate_series(0, 7) i`);
  await insertSyntheticReleases(c, BENCH_RELEASES);
  const tasks = Math.max(10, Math.round(n / 200));
  await timed(`${tasks} tasks`, async () => {
    await insertSyntheticTasks(c, { prefix: 'bt', benchmark: 'bench-synthetic', count: tasks });
    await c.query(
      `INSERT INTO "TaskCheckpoint" (id, "taskId", key, name, position, "updatedAt")
      SELECT 'bc' || i || '_' || p, 'bt' || i, i || '_' || p, 'check ' || p, p, now() FROM generate_series(0, $1 - 1) i, generate_series(0, 2) p`,
      [tasks],
    );
  });
  await timed(`${n} trajectories + ${n * 3} checkpoint results`, async () => {
    await c.query(
      `INSERT INTO "Trajectory" (id, "externalId", "taskId", model, passed, "memoryRelease", "memoryCardIds", "contentHash", "eventCount", "failedCount", "pendingCount", "createdAt", "updatedAt")
      SELECT 'tr' || i, 'bench:' || i, 'bt' || (i % $2), ($3::text[])[1 + i % 4], (hashint4(i) % 3 = 0),
             CASE WHEN i % 4 = 0 THEN NULL ELSE ($4::text[])[1 + (i / 4) % 3] END,
             CASE WHEN i % 4 = 0 THEN '{}'::text[] ELSE ARRAY['skill::bench_' || (i % 200), 'skill::bench_' || ((i * 7) % 200), 'skill::bench_' || ((i * 13) % 200)] END,
             md5(i::text), 0, 0, 0, now() - (i % 140) * interval '1 day', now()
      FROM generate_series(0, $1 - 1) i`,
      [n, tasks, BENCH_MODELS, BENCH_RELEASES],
    );
    await c.query(
      `INSERT INTO "CheckpointResult" (id, "trajectoryId", "checkpointId", passed, "updatedAt")
      SELECT 'cr' || i || '_' || p, 'tr' || i, 'bc' || (i % $2) || '_' || p, (abs(hashint4(i * 3 + p)) % 10 < 6 + (i % 4)), now()
      FROM generate_series(0, $1 - 1) i, generate_series(0, 2) p`,
      [n, tasks],
    );
    await c.query(`UPDATE "Trajectory" t SET "failedCount" = f.n, "pendingCount" = f.n, passed = (f.n = 0)
      FROM (SELECT "trajectoryId", count(*) FILTER (WHERE NOT passed)::int AS n FROM "CheckpointResult" GROUP BY 1) f WHERE f."trajectoryId" = t.id`);
  });
  await timed('diagnoses, cards, proposals, reviews', async () => {
    await c.query(
      `INSERT INTO "FailureCategory" (id, key, label, "updatedAt") VALUES ('bfc', 'bench-cat', 'Bench', now()) ON CONFLICT DO NOTHING`,
    );
    await c.query(`INSERT INTO "Diagnosis" (id, "trajectoryId", "checkpointResultId", "authorId", "categoryId", status, "submittedAt", "updatedAt")
      SELECT 'bd' || cr.id, cr."trajectoryId", cr.id, 'bu' || (abs(hashtext(cr.id)) % 2 * 4), 'bfc', (CASE WHEN abs(hashtext(cr.id)) % 5 = 0 THEN 'DRAFT' ELSE 'SUBMITTED' END)::"DiagnosisStatus", now(), now()
      FROM "CheckpointResult" cr WHERE NOT cr.passed AND abs(hashtext(cr.id)) % 3 = 0`);
    await c.query(`INSERT INTO "Card" (id, key, kind, ability, title, "createdAt", "updatedAt")
      SELECT 'bk' || i, 'skill::bench_' || i, 'SKILL', (ARRAY['airline','retail','banking','calendar','telecom'])[1 + i % 5], 'Bench card ' || i, now() - (i % 100) * interval '1 day', now() FROM generate_series(0, 199) i`);
    await c.query(`INSERT INTO "CardVersion" (id, "cardId", number, content, "createdAt")
      SELECT 'bv' || i || '_' || v, 'bk' || i, v, jsonb_build_object('title', 'Bench card ' || i, 'body', repeat('word ', 100 + v * 50)), now() - (i % 100) * interval '1 day' + v * interval '7 days'
      FROM generate_series(0, 199) i, generate_series(1, 2) v`);
    await c.query(`UPDATE "Card" SET "currentVersionId" = 'bv' || substr(id, 3) || '_2'`);
    await c.query(`INSERT INTO "Proposal" (id, "cardKind", ability, operation, reason, status, validation, "createdAt", "updatedAt")
      SELECT 'bp' || i, 'SKILL', (ARRAY['airline','retail','banking','calendar','telecom'])[1 + i % 5], (ARRAY['ADD_CARD','PATCH_CARD','MERGE_CARD','NARROW_TRIGGER','NOOP'])[1 + i % 5]::"CardOperation",
             'bench', (ARRAY['PENDING','APPROVED','REJECTED'])[1 + i % 3]::"ProposalStatus",
             CASE WHEN i % 7 = 0 THEN jsonb_build_array(jsonb_build_object('rule', (ARRAY['privacy','schema','evidence'])[1 + i % 3], 'path', 'x', 'message', 'm')) ELSE '[]'::jsonb END,
             now() - (i % 120) * interval '1 day', now()
      FROM generate_series(0, 4999) i`);
    await c.query(`INSERT INTO "Review" (id, "proposalId", "reviewerId", decision, "createdAt", "updatedAt")
      SELECT 'bw' || p.id, p.id, 'bu' || (1 + abs(hashtext(p.id)) % 2 * 4), (CASE WHEN p.status = 'REJECTED' THEN 'REJECTED' WHEN abs(hashtext(p.id)) % 4 = 0 THEN 'EDITED_APPROVED' ELSE 'APPROVED' END)::"ReviewDecision",
             p."createdAt" + (abs(hashtext(p.id)) % 72) * interval '1 hour', now()
      FROM "Proposal" p WHERE p.status <> 'PENDING'`);
  });
}

/** `events` per trajectory: messages of vocabulary words, tool calls with arguments, observations. Indexes are rebuilt after the load. */
async function seedEvents(c: pg.Client, n: number, events: number) {
  await c.query(`TRUNCATE "Event"`);
  const indexes = await c.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'Event' AND indexname <> 'Event_pkey'`,
  );
  for (const ix of indexes.rows) await c.query(`DROP INDEX "${ix.indexname}"`);
  await c.query(`ALTER TABLE "Event" DROP CONSTRAINT IF EXISTS "Event_trajectoryId_fkey"`);
  await c.query(`ALTER TABLE "Event" DROP CONSTRAINT "Event_pkey"`);
  const chunk = 10_000;
  await timed(`${(n * events).toLocaleString('en-US')} events`, async () => {
    for (let start = 0; start < n; start += chunk) {
      const end = Math.min(n, start + chunk) - 1;
      // w(k) picks a vocabulary word by a hash of (trajectory, position, k), squared to skew towards common words.
      const w = (k: number) =>
        `($1::text[])[1 + floor(${VOCAB.length} * power((abs(hashint8(i::bigint * 1000003 + p * 7919 + ${k})) % 100000) / 100000.0, 2))::int]`;
      const sentence = Array.from({ length: 12 }, (_, k) => w(k)).join(` || ' ' || `);
      await c.query(
        `INSERT INTO "Event" (id, "trajectoryId", position, source, type, tool, arguments, content)
         SELECT 'ev' || i || '_' || p, 'tr' || i, p,
                (CASE p % 4 WHEN 0 THEN 'USER' WHEN 2 THEN 'ENVIRONMENT' ELSE 'AGENT' END)::"EventSource",
                (CASE p % 4 WHEN 1 THEN 'TOOL_CALL' WHEN 2 THEN 'OBSERVATION' ELSE 'MESSAGE' END)::"EventType",
                CASE WHEN p % 4 IN (1, 2) THEN ($2::text[])[1 + abs(hashint4(i * 31 + p)) % 40] END,
                CASE WHEN p % 4 = 1 THEN jsonb_build_object('id', i || '-' || p, 'note', ${w(20)}) END,
                CASE WHEN p % 4 <> 1 THEN ${sentence} END
         FROM generate_series(${start}, ${end}) i, generate_series(0, ${events - 1}) p`,
        [VOCAB, BENCH_TOOLS],
      );
      if (((start / chunk) | 0) % 2 === 1)
        process.stdout.write(`    ${(end + 1).toLocaleString('en-US')} trajectories\n`);
    }
  });
  await timed('Event indexes (primary key, unique, tool, GIN)', async () => {
    await c.query(`SET maintenance_work_mem = '512MB'`);
    await c.query(`ALTER TABLE "Event" ADD CONSTRAINT "Event_pkey" PRIMARY KEY (id)`);
    for (const ix of indexes.rows) await c.query(ix.indexdef);
    await c.query(
      `ALTER TABLE "Event" ADD CONSTRAINT "Event_trajectoryId_fkey" FOREIGN KEY ("trajectoryId") REFERENCES "Trajectory"(id) ON DELETE CASCADE ON UPDATE CASCADE NOT VALID`,
    );
    await c.query(`VACUUM ANALYZE "Event"`);
  });
}

/** Seeds what is missing for this size; returns immediately when the database already holds it. */
export async function ensureBenchData(url: string, size: BenchSize, opts: { events: boolean }): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(`SET synchronous_commit = off`);
    await c.query(`CREATE TABLE IF NOT EXISTS bench_meta (key text PRIMARY KEY, value int)`);
    const meta = Object.fromEntries(
      (await c.query<{ key: string; value: number }>(`SELECT key, value FROM bench_meta`)).rows.map((r) => [
        r.key,
        r.value,
      ]),
    );
    if (meta.trajectories !== size.trajectories) {
      console.log(
        `Seeding SYNTHETIC benchmark data (${size.trajectories.toLocaleString('en-US')} trajectories); reused on later runs.`,
      );
      await c.query(`DELETE FROM bench_meta`);
      await seedTrajectories(c, size.trajectories);
      await c.query(`VACUUM ANALYZE`);
      await c.query(`INSERT INTO bench_meta VALUES ('trajectories', $1)`, [size.trajectories]);
      meta.events = undefined as never;
    }
    if (opts.events && meta.events !== size.events) {
      console.log(`Seeding SYNTHETIC events (${size.events} per trajectory); reused on later runs.`);
      await c.query(`DELETE FROM bench_meta WHERE key = 'events'`);
      await seedEvents(c, size.trajectories, size.events);
      await c.query(`INSERT INTO bench_meta VALUES ('events', $1)`, [size.events]);
    }
  } finally {
    await c.end();
  }
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export async function measure(fn: () => Promise<unknown>, runs: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out.sort((a, b) => a - b);
}
