/**
 * npm run bench:import [-- --trajectories 200 --events 100 --rounds 3 --scale 8 --only langfuse --skip-copy]
 * (--rounds 0: the memory table only)
 *
 * Synthetic runs, imported through the real import path (importFile: stream →
 * adapter → zod → batched transactions) into a fresh embedded PostgreSQL:
 *
 * 1. Native JSONL against a raw `COPY` of the same event rows into the same
 *    table (same indexes and foreign key), each import followed by its COPY:
 *    events/s and the median and spread of the rounds' ratios.
 * 2. Each adapter (OpenHands, τ²-bench, Inspect, ATIF run folders,
 *    TheAgentCompany, Langfuse) on the same events as a native file, in rounds
 *    that interleave the two (native, A, native, B, …): a ratio per pair,
 *    seconds apart, and the median and spread of the rounds' ratios, because
 *    this shared 2-core machine changes speed within minutes.
 * 3. Memory: each path's live heap (sampled after full GCs) and RSS
 *    high-water mark above a post-GC baseline at 1× and `scale`× the
 *    records; flat means it does not grow with the file.
 *
 * Runs under `node --expose-gc` (the npm script). Not a test: figures only;
 * they go to docs/benchmarks.md.
 */
import { rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import postgres from 'postgres';
import type { NativeEvent } from '@/lib/import/native-schema';
import { EVENT_COPY_SQL, eventCopyLine } from '@/lib/import/pg-store';
import { parseCountArgs } from './lib/cli-args';
import { freshDatabase } from './lib/fresh-database';
import { runBench } from './lib/run-bench';
import { median } from './lib/bench-load';
import { loadAverage, measure, table, type Measured } from './lib/bench-import-measure';
import {
  writeAtifRunFolders,
  writeInspectLog,
  writeLangfuseExport,
  writeChunks,
  writeOpenHandsOutput,
  writeTacAgentFolders,
  writeTau2Results,
  type SyntheticRuns,
} from './lib/bench-import-adapters';

const {
  counts: { trajectories: N, events: E, rounds: ROUNDS, scale: SCALE },
  values,
} = parseCountArgs(
  'Usage: npm run bench:import [-- --trajectories 200 --events 100 --rounds 3 --scale 8 --only langfuse --skip-copy]',
  { trajectories: 200, events: 100, rounds: 3, scale: 8 },
  { only: { type: 'string' }, 'skip-copy': { type: 'boolean', default: false } },
);
const TASKS = 50;
const MODELS = ['kestrel-small', 'heron-large', 'wren-mini', 'robin-7b'];
const TARGET = 0.8;

function syntheticEvents(i: number): NativeEvent[] {
  const events: NativeEvent[] = [];
  for (let p = 0; p < E; p++) {
    const k = p % 4;
    if (k === 0)
      events.push({
        source: 'user',
        type: 'message',
        content: `Step ${p} of attempt ${i}: please look up order ${i}-${p} and tell me its status.`,
      });
    else if (k === 1)
      events.push({
        source: 'agent',
        type: 'tool_call',
        tool: 'shop.get_order',
        arguments: { order_id: `${i}-${p}`, include: ['items', 'payment'] },
        call_id: `c${p}`,
      });
    else if (k === 2)
      events.push({
        source: 'environment',
        type: 'observation',
        tool: 'shop.get_order',
        call_id: `c${p - 1}`,
        content: JSON.stringify({
          order_id: `${i}-${p}`,
          status: 'shipped',
          items: [
            { name: 'mug', qty: 1 },
            { name: 'plate', qty: 2 },
          ],
        }),
      });
    else
      events.push({
        source: 'agent',
        type: 'message',
        content: `Order ${i}-${p} has shipped with a mug and two plates.`,
      });
  }
  return events;
}

function syntheticRecord(i: number, tag: string): string {
  const task = i % TASKS;
  return JSON.stringify({
    format: 'trajectory.v1',
    task: {
      id: `shop/${task}`,
      benchmark: 'bench-synthetic',
      ability: 'shop',
      instruction: `Answer questions about orders (task ${task}).`,
      apps: ['shop'],
      checkpoints: [
        { id: `${task}_0`, name: 'shop.get_order' },
        { id: `${task}_1`, name: 'Tell the status' },
      ],
    },
    trajectory: {
      id: `bench:${tag}:${i}`,
      model: MODELS[i % MODELS.length],
      trial: 0,
      outcome: { passed: i % 3 === 0, score: i % 3 === 0 ? 1 : 0 },
      feedback: 'checkpoint_binary',
    },
    events: syntheticEvents(i),
    checkpoints: [
      { id: `${task}_0`, passed: true, event_index: 1 },
      { id: `${task}_1`, passed: i % 3 === 0 },
    ],
  });
}

const writeNative = (file: string, n: number, tag: string) =>
  writeChunks(file, function* () {
    for (let i = 0; i < n; i++) yield `${syntheticRecord(i, tag)}\n`;
  });

type Path = { label: string; ext: string; write: (at: string, n: number, tag: string) => Promise<void> };

/** `n` of the bench's runs, for the writers of other formats. */
const runsOf = (n: number): SyntheticRuns => ({ n, tasks: TASKS, events: syntheticEvents });

const NATIVE: Path = { label: 'native JSONL', ext: '.jsonl', write: writeNative };
const ADAPTERS: Path[] = (
  [
    { label: 'openhands', ext: '.jsonl', write: (at, n, t) => writeOpenHandsOutput(at, runsOf(n), t) },
    { label: 'tau2', ext: '.json', write: (at, n, t) => writeTau2Results(at, runsOf(n), t) },
    { label: 'inspect', ext: '.json', write: (at, n, t) => writeInspectLog(at, runsOf(n), t) },
    { label: 'atif', ext: '', write: (at, n, t) => writeAtifRunFolders(at, runsOf(n), t) },
    {
      label: 'theagentcompany',
      ext: '',
      write: (at, n, t) => writeTacAgentFolders(at, runsOf(n), `20260101_OpenHands-0.14.2-${t}`),
    },
    { label: 'langfuse', ext: '.json', write: (at, n, t) => writeLangfuseExport(at, runsOf(n), t) },
  ] satisfies Path[]
).filter((a) => !values.only || a.label === values.only);

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const mb = (n: number) => `${n.toFixed(0)} MB`;

async function main({ url, dir }: { url: string; dir: string }) {
  const { importFile } = await import('@/lib/import/run-import');
  let runs = 0;
  /** Writes `n` records of `p` (a fresh tag: nothing is "already present"), imports them, measured. */
  const importOnce: ImportOnce = async (p, n, retained = false) => {
    const tag = `b${runs++}`;
    const at = path.join(dir, `${p.label.replace(/\W/g, '-')}-${tag}${p.ext}`);
    await p.write(at, n, tag);
    let imported = 0;
    let problem = '';
    const m = await measure(
      async () => {
        const report = await importFile({ by: { cli: true }, source: 'CLI', filePath: at });
        imported = report.importedCount;
        problem = report.error ?? JSON.stringify(report.errors.slice(0, 2));
      },
      { retained },
    );
    rmSync(at, { recursive: true, force: true });
    if (imported !== n) throw new Error(`${p.label}: ${imported} of ${n} imported: ${problem}`);
    return m;
  };

  if (!values['skip-copy'] && ROUNDS > 0) await copyBaseline(importFile, url, dir);
  if (ROUNDS > 0) await rateRounds(importOnce);

  // 3. Memory: what each path holds live (sampled after full GCs) at 1× and SCALE× the records.
  console.log(
    `\nMemory held live during the import (heap sampled after a full GC, every 100 ms) and RSS, high-water mark above a post-GC baseline, at ${fmt(N)} and ${fmt(N * SCALE)} records:`,
  );
  const memRows: string[][] = [];
  for (const p of [NATIVE, ...ADAPTERS]) {
    const one = await importOnce(p, N, true);
    const big = await importOnce(p, N * SCALE, true);
    // Flat: the larger file's mark within half again of the smaller's (plus a few MB of sampling noise).
    const flat = big.heapMb <= one.heapMb * 1.5 + 8;
    memRows.push([p.label, mb(one.heapMb), mb(big.heapMb), mb(one.rssMb), mb(big.rssMb), flat ? '✔ flat' : '✖ grows']);
    console.log(`  ${p.label} done (load average ${loadAverage()})`);
  }
  console.log(table(['path', `heap ${N}`, `heap ${N * SCALE}`, `RSS ${N}`, `RSS ${N * SCALE}`, 'memory'], memRows));
  console.log(`\nPeak RSS of the process: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
  console.log(`Load average at end: ${loadAverage()}`);
}

type ImportOnce = (p: Path, n: number, retained?: boolean) => Promise<Measured>;

/** 2. Rates, in rounds: each adapter right after a native run on the same events. */
async function rateRounds(importOnce: ImportOnce): Promise<void> {
  console.log(
    `\nAdapters against the native path: ${fmt(N)} records × ${E} events, ${ROUNDS} rounds (native, A, native, B, …)`,
  );
  await importOnce(NATIVE, Math.min(N, 20)); // warm up the JIT and the connection pool before anything counts
  const each = <T>() => new Map<string, T[]>([NATIVE, ...ADAPTERS].map((p) => [p.label, []]));
  const ratios = each<number>();
  const rates = each<number>();
  for (let r = 0; r < ROUNDS; r++) {
    for (const a of ADAPTERS) {
      const native = await importOnce(NATIVE, N);
      const adapter = await importOnce(a, N);
      const nativeRate = N / (native.ms / 1000);
      const adapterRate = N / (adapter.ms / 1000);
      ratios.get(a.label)!.push(adapterRate / nativeRate);
      rates.get(NATIVE.label)!.push(nativeRate);
      rates.get(a.label)!.push(adapterRate);
    }
    console.log(`  round ${r + 1} of ${ROUNDS} done (load average ${loadAverage()})`);
  }
  const rateRows = ADAPTERS.map((a) => {
    const rs = ratios.get(a.label)!;
    const ratio = median(rs);
    return [
      a.label,
      fmt(median(rates.get(a.label)!)),
      `${ratio.toFixed(2)}×`,
      `${Math.min(...rs).toFixed(2)}–${Math.max(...rs).toFixed(2)}`,
      ratio >= TARGET ? '✔' : `✖ below ${TARGET}×`,
    ];
  });
  console.log(
    `\nNative path: ${fmt(median(rates.get(NATIVE.label)!))} records/s (median of ${rates.get(NATIVE.label)!.length} runs)`,
  );
  console.log(
    table(['adapter', 'records/s (median)', 'ratio to native (median)', 'spread (min–max)', 'target'], rateRows),
  );
}

/** 1. The import path against a raw COPY of the same event rows (positions shifted so they do not collide), in rounds. */
async function copyBaseline(
  importFile: typeof import('@/lib/import/run-import').importFile,
  url: string,
  dir: string,
): Promise<void> {
  const { prisma } = await import('@/lib/db/prisma');
  const sql = postgres(url, { max: 1, onnotice: () => undefined });
  const ratios: number[] = [];
  const rates: number[] = [];
  let size = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const tag = `copy${r}`;
    const file = path.join(dir, `${tag}.jsonl`);
    await writeNative(file, N, tag);
    size = statSync(file).size;
    const t0 = performance.now();
    const report = await importFile({ by: { cli: true }, source: 'CLI', filePath: file });
    const importMs = performance.now() - t0;
    if (report.importedCount !== N) throw new Error(`native import took ${report.importedCount} of ${N} records`);
    const trajectories = await prisma.trajectory.findMany({
      where: { externalId: { startsWith: `bench:${tag}:` } },
      select: { id: true, externalId: true },
    });
    const idOf = new Map(trajectories.map((t) => [t.externalId, t.id]));
    const t1 = performance.now();
    const copy = await sql.unsafe(EVENT_COPY_SQL).writable();
    await pipeline(
      Readable.from(
        (function* () {
          for (let i = 0; i < N; i++) {
            const trajectoryId = idOf.get(`bench:${tag}:${i}`)!;
            yield syntheticEvents(i)
              .map((event, p) => eventCopyLine({ trajectoryId, position: 1_000_000 + p, event }))
              .join('');
          }
        })(),
      ),
      copy,
    );
    const copyMs = performance.now() - t1;
    ratios.push(copyMs / importMs);
    rates.push((N * E) / (importMs / 1000));
    rmSync(file, { force: true });
  }
  await sql.end();
  const ratio = median(ratios);
  console.log(
    `\nNative JSONL against a raw COPY of the same event rows, ${fmt(N)} records × ${E} events (${(size / 1e6).toFixed(1)} MB), ${ROUNDS} rounds: import ${fmt(median(rates))} events/s, ratio ${ratio.toFixed(2)}× (spread ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}; target ≥ 0.50×) ${ratio >= 0.5 ? '✔' : '✖'}`,
  );
}

console.log(`Load average at start: ${loadAverage()} (${os.cpus().length} cores)`);
await runBench(() => freshDatabase('bench'), main);
