/**
 * The bench:api data set: 100,000 synthetic trajectories (half with a failed
 * checkpoint, so 50,000 are in the queue) written through the real import
 * path (`importFile`), plus users for every role, a few thousand reflection
 * runs for the runs list, the review inbox and card bank
 * (bench-seed-review.ts), annotation in progress (overlap k = 2, submitted
 * diagnoses) and the runs' skill deltas (bench-seed-annotation.ts). Written
 * once into a reusable database; a second run finds it complete and skips.
 */
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ensureAnnotationData } from './bench-seed-annotation';
import { ensureReviewData } from './bench-seed-review';
import { freePort, startEmbeddedPostgres, type Database } from './embedded-db';
import { migrateDeploy } from './migrate';

export const BENCH_TRAJECTORIES = 100_000;
export const BENCH_PASSWORD = 'bench-password';
export const BENCH_USERS = [
  { email: 'admin@bench.local', name: 'Bench Admin', role: 'ADMIN' },
  { email: 'reviewer@bench.local', name: 'Bench Reviewer', role: 'REVIEWER' },
  { email: 'researcher@bench.local', name: 'Bench Researcher', role: 'RESEARCHER' },
  { email: 'annotator@bench.local', name: 'Bench Annotator', role: 'ANNOTATOR' },
] as const;

const TASKS = 5_000;
const MODELS = ['kestrel-small', 'heron-large', 'wren-mini', 'robin-7b'];
const BENCHMARKS = [
  { name: 'bench-shop', ability: 'retail' },
  { name: 'bench-air', ability: 'airline' },
];
const EXTERNAL_PREFIX = 'apibench:';

// Realistic instructions are long (τ²-bench user scenarios run to ~1–3 KB); lists must not ship them whole.
const INSTRUCTION_TAIL =
  ' You are reasonable but firm. You do not remember your order number at first and only find it when asked twice. ' +
  'If the agent offers a voucher instead of a refund, decline and insist on the original payment method. You live at ' +
  '12 Example Street and prefer to be contacted by e-mail. Do not volunteer information the agent did not ask for; ' +
  'when the agent proposes the exchange, confirm the item colour and size explicitly before agreeing to anything.';

function record(i: number): string {
  const task = i % TASKS;
  const b = BENCHMARKS[task % BENCHMARKS.length];
  const failed = i % 2 === 1;
  return JSON.stringify({
    format: 'trajectory.v1',
    task: {
      id: `${b.ability}/${task}`,
      benchmark: b.name,
      ability: b.ability,
      instruction: `Customer ${task} wants to change order #W${task} and asks about the status of a second order.${INSTRUCTION_TAIL}`,
      apps: ['shop'],
      checkpoints: [
        { id: `${task}_0`, name: 'shop.get_order' },
        { id: `${task}_1`, name: 'Tell the status' },
      ],
    },
    trajectory: {
      id: `${EXTERNAL_PREFIX}${i}`,
      model: MODELS[Math.floor(i / TASKS) % MODELS.length],
      trial: Math.floor(i / (TASKS * MODELS.length)),
      outcome: { passed: !failed, score: failed ? 0 : 1 },
      feedback: 'checkpoint_binary',
    },
    events: [
      { source: 'user', type: 'message', content: `Hi, I need help with order #W${task}.` },
      {
        source: 'agent',
        type: 'tool_call',
        tool: 'shop.get_order',
        arguments: { order_id: `#W${task}` },
        call_id: 'c1',
      },
      {
        source: 'environment',
        type: 'observation',
        tool: 'shop.get_order',
        call_id: 'c1',
        content: '{"status":"shipped"}',
      },
      { source: 'agent', type: 'message', content: failed ? 'Your order is pending.' : 'Your order has shipped.' },
    ],
    checkpoints: [
      { id: `${task}_0`, passed: true, event_index: 1 },
      { id: `${task}_1`, passed: !failed },
    ],
  });
}

/**
 * One long trajectory for the events row: 120 events whose sizes follow the
 * τ²-bench airline transcripts in ../shared/data (user turns ~165 characters,
 * agent messages ~380, tool results ~780, arguments ~80), so a window of 100
 * events is a real timeline window (~40 KB), not the 4 events of the
 * synthetic rows.
 */
export const LONG_TRAJECTORY_ID = 'apibench-long:0';
const LONG_EVENTS = 120;

function longRecord(): string {
  const words = (n: number, seed: number) =>
    Array.from(
      { length: n },
      (_, i) => ['booking', 'flight', 'passenger', 'refund', 'baggage', 'seat', 'change', 'policy'][(i * 7 + seed) % 8],
    ).join(' ');
  const events: object[] = [];
  for (let i = 0; events.length < LONG_EVENTS - 1; i++) {
    events.push({ source: 'user', type: 'message', content: `Turn ${i}: ${words(22, i)}.` });
    events.push({
      source: 'agent',
      type: 'tool_call',
      tool: 'airline.get_reservation_details',
      arguments: { reservation_id: `RES${1000 + i}`, user_id: `user_${i}` },
      call_id: `c${i}`,
    });
    const flights = Array.from({ length: 6 }, (_, k) => ({
      flight_number: `HAT${100 + k + i}`,
      date: '2024-05-15',
      origin: 'SFO',
      destination: 'JFK',
      price: 120 + k,
    }));
    events.push({
      source: 'environment',
      type: 'observation',
      tool: 'airline.get_reservation_details',
      call_id: `c${i}`,
      content: JSON.stringify({ reservation_id: `RES${1000 + i}`, cabin: 'economy', flights }),
    });
    events.push({ source: 'agent', type: 'message', content: `Step ${i}: ${words(50, i + 3)}.` });
  }
  events.length = LONG_EVENTS - 1;
  events.push({ source: 'agent', type: 'final', content: 'Done.' });
  return JSON.stringify({
    format: 'trajectory.v1',
    task: {
      id: 'airline/long',
      benchmark: 'bench-air',
      ability: 'airline',
      instruction: `A long conversation.${INSTRUCTION_TAIL}`,
      apps: ['airline'],
      checkpoints: [{ id: 'long_0', name: 'Refund' }],
    },
    // Passed, so the queue keeps its 50,000 rows.
    trajectory: {
      id: LONG_TRAJECTORY_ID,
      model: MODELS[0],
      outcome: { passed: true, score: 1 },
      feedback: 'checkpoint_binary',
    },
    events,
    checkpoints: [{ id: 'long_0', passed: true }],
  });
}

/** Writes `lines` to a temporary file and imports it through the real import path. */
async function importLines(lines: () => Iterable<string>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  try {
    const file = path.join(dir, 'bench.jsonl');
    await pipeline(
      Readable.from(
        (function* () {
          for (const line of lines()) yield `${line}\n`;
        })(),
      ),
      createWriteStream(file),
    );
    const { importFile } = await import('@/lib/import/run-import');
    return await importFile({ by: { cli: true }, source: 'CLI', filePath: file });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function ensureUsers() {
  const { prisma } = await import('@/lib/db/prisma');
  const { hashPassword } = await import('@/lib/auth/password');
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  for (const u of BENCH_USERS) {
    await prisma.user.upsert({
      where: { email: u.email },
      update: { active: true, passwordHash },
      create: { ...u, passwordHash },
    });
  }
}

/** Reflection runs for the runs list: finished runs spread over tasks, like a team after a few weeks. */
async function ensureRuns(count: number) {
  const { prisma } = await import('@/lib/db/prisma');
  if ((await prisma.reflectionRun.count()) >= count) return;
  const tasks = await prisma.task.findMany({ select: { id: true }, take: count, orderBy: { createdAt: 'asc' } });
  const statuses = ['SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED', 'FAILED'] as const;
  await prisma.reflectionRun.createMany({
    data: tasks.map((t, i) => ({
      taskId: t.id,
      status: statuses[i % statuses.length],
      provider: 'OFFLINE' as const,
      batchId: `bench-batch-${Math.floor(i / 100)}`,
      startedAt: new Date(),
      finishedAt: new Date(),
    })),
  });
}

/** The data set's reusable embedded database (.data/bench, port EMBEDDED_PG_PORT, else 54414; 0: any free port), migrated. */
export async function openApiBenchDatabase(): Promise<Database> {
  const db = await startEmbeddedPostgres({
    dataDir: path.join('.data', 'bench', 'pg'),
    port: Number(process.env.EMBEDDED_PG_PORT ?? 54414) || (await freePort()),
    database: 'bench',
    quiet: true,
    throwaway: true,
  });
  try {
    await migrateDeploy(db.url, { quiet: true });
  } catch (err) {
    await db.stop();
    throw err;
  }
  return db;
}

/** Seeds the database at `process.env.DATABASE_URL` unless it already holds the full set. */
export async function ensureBenchData(log: (s: string) => void): Promise<void> {
  const { prisma } = await import('@/lib/db/prisma');
  await ensureUsers();
  const have = await prisma.trajectory.count({ where: { externalId: { startsWith: EXTERNAL_PREFIX } } });
  if (have >= BENCH_TRAJECTORIES) {
    log(`• Reusing the bench database: ${have.toLocaleString('en-US')} trajectories`);
  } else {
    log(
      `• Importing ${BENCH_TRAJECTORIES.toLocaleString('en-US')} trajectories through the import path (once; reused next time)…`,
    );
    const t0 = performance.now();
    const report = await importLines(function* () {
      for (let i = 0; i < BENCH_TRAJECTORIES; i++) yield record(i);
    });
    log(
      `  imported ${report.importedCount.toLocaleString('en-US')} (+${report.presentCount} already present) in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
    );
  }
  if (!(await prisma.trajectory.findFirst({ where: { externalId: LONG_TRAJECTORY_ID }, select: { id: true } })))
    await importLines(() => [longRecord()]);
  await ensureRuns(2_000);
  await ensureReviewData(prisma, log);
  await ensureAnnotationData(prisma, log);
  // Fresh statistics so the planner sees the real table sizes.
  await prisma.$executeRawUnsafe('ANALYZE');
}
