/**
 * npm run bench:api [-- --slice 4 --rounds 3 --warmup 3 --only 'tasks|runs' --seed-only]
 *
 * Seeds 100,000 trajectories through the real import path into a reusable
 * embedded PostgreSQL (.data/bench, once), builds the app if needed, starts two
 * replicas of the built app (scripts/serve.ts) on that database and drives the list endpoints and
 * "take next" with autocannon at 10 and 50 connections, in rounds of short
 * slices: every endpoint's slice sits between two slices of the authenticated
 * no-op (`GET /api/auth/me`), and its ratio is against their mean (target
 * ≥ 0.5× for lists; the median over rounds is printed, with the range). Prints
 * requests/s, p50, p99 for each, and the combined requests/s of both
 * replicas. List endpoints that do not exist in this build (404) are skipped
 * with a note. Not a test: figures only. See scripts/lib/bench-load.ts for why slices.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { buildIfNeeded } from './lib/build';
import {
  measure,
  printTable,
  printTails,
  ratioOf,
  reduce,
  type Endpoint,
  type Row,
  type Slice,
} from './lib/bench-load';
import { BENCH_PASSWORD, ensureBenchData, LONG_TRAJECTORY_ID, openApiBenchDatabase } from './lib/bench-seed';
import { parseCountArgs } from './lib/cli-args';
import { runBench } from './lib/run-bench';
import { serveCommand } from './lib/serve-command';

const {
  counts: { slice: SLICE, rounds: ROUNDS, warmup: WARMUP },
  values,
} = parseCountArgs(
  "Usage: npm run bench:api [-- --slice 4 --rounds 3 --warmup 3 --only 'tasks|runs' --seed-only]",
  { slice: 4, rounds: 3, warmup: 3 },
  { only: { type: 'string' }, 'seed-only': { type: 'boolean', default: false } },
);
const PORTS = [Number(process.env.PORT ?? 3114), Number(process.env.PORT_B ?? 3124)];

function startReplica(port: number, databaseUrl: string): ChildProcess {
  const { bin, args } = serveCommand(port);
  const child = spawn(bin, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, DATABASE_URL: databaseUrl, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
  });
  // autocannon drops its connections when a measurement ends; Next logs each as "aborted". Keep real errors.
  child.stderr!.on('data', (d: Buffer) => {
    const text = d
      .toString()
      .split('\n')
      .filter((l) => l.trim() && !/aborted|ECONNRESET|ignore-listed|^\s*(code: |\})/.test(l))
      .join('\n');
    if (text) process.stderr.write(`[replica ${port}] ${text}\n`);
  });
  return child;
}

async function waitFor(url: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

async function settle(bases: string[], cookie: string) {
  await Promise.all(bases.map((b) => fetch(`${b}/api/auth/me`, { headers: { cookie } }).then((r) => r.arrayBuffer())));
}

async function loginCookie(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login as ${email} failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function main(db: { url: string }) {
  const replicas: ChildProcess[] = [];
  try {
    await ensureBenchData((s) => console.log(s));
    const { prisma } = await import('@/lib/db/prisma');
    const { failedCheckpointsSchema } = await import('@/lib/queue/open-checkpoints');
    const sample = await prisma.trajectory.findFirstOrThrow({
      where: { externalId: LONG_TRAJECTORY_ID },
      select: { id: true },
    });
    const inQueue = await prisma.trajectory.count({ where: { pendingCount: { gt: 0 } } });
    // The task and checkpoint filters, for the queue's newest row: a queue read in its order reaches it last.
    const newest = await prisma.trajectory.findFirstOrThrow({
      where: { pendingCount: { gt: 0 } },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      select: { taskExternalId: true, failedCheckpoints: true },
    });
    const newestKey = failedCheckpointsSchema.parse(newest.failedCheckpoints)[0].key;
    const total = await prisma.trajectory.count();
    console.log(`• ${total.toLocaleString('en-US')} trajectories, ${inQueue.toLocaleString('en-US')} in the queue`);
    if (values['seed-only']) return;

    await buildIfNeeded();
    for (const port of PORTS) replicas.push(startReplica(port, db.url));
    const bases = PORTS.map((p) => `http://127.0.0.1:${p}`);
    await Promise.all(bases.map((b) => waitFor(`${b}/api/health`)));
    console.log(
      `• Two replicas on ports ${PORTS.join(' and ')}; ${ROUNDS} rounds of ${SLICE}-s slices, each list slice between two no-op slices`,
    );
    const cookie = await loginCookie(bases[0], 'reviewer@bench.local');
    // The queue's main user: an annotator with diagnoses behind them (a fifth of the queue order is theirs,
    // bench-seed-annotation.ts), whose page skips their own rows; the reviewer has diagnosed nothing.
    const annotatorCookie = await loginCookie(bases[0], 'annotator@bench.local');

    // Deep pages: OFFSET against the keyset cursor the UI's Next button sends (page 499's last row).
    const page499 = (await (await fetch(`${bases[0]}/api/queue?page=499`, { headers: { cookie } })).json()) as {
      cursors?: { after: string | null };
    };
    const deepCursor = page499.cursors?.after;
    const candidates: Endpoint[] = [
      { label: 'GET /api/auth/me (authenticated no-op)', method: 'GET', path: '/api/auth/me' },
      { label: 'GET /api/queue', method: 'GET', path: '/api/queue' },
      {
        label: 'GET /api/queue?benchmark=…&model=…',
        method: 'GET',
        path: '/api/queue?benchmark=bench-air&model=heron-large',
      },
      { label: 'GET /api/queue as the annotator', method: 'GET', path: '/api/queue', cookie: annotatorCookie },
      {
        label: 'GET /api/queue?taskId=… (one task)',
        method: 'GET',
        path: `/api/queue?taskId=${encodeURIComponent(newest.taskExternalId)}`,
      },
      {
        label: "GET /api/queue?checkpointKey=… (one task's)",
        method: 'GET',
        path: `/api/queue?checkpointKey=${encodeURIComponent(newestKey)}`,
      },
      { label: 'POST /api/queue/next (take next)', method: 'POST', path: '/api/queue/next', body: '{}' },
      { label: 'GET /api/tasks', method: 'GET', path: '/api/tasks' },
      { label: 'GET /api/reflection/runs', method: 'GET', path: '/api/reflection/runs' },
      { label: 'GET /api/proposals', method: 'GET', path: '/api/proposals' },
      { label: 'GET /api/cards', method: 'GET', path: '/api/cards' },
      ...(deepCursor
        ? [
            {
              label: 'GET /api/queue?page=500&after=… (keyset)',
              method: 'GET' as const,
              path: `/api/queue?page=500&after=${deepCursor}`,
            },
          ]
        : []),
      { label: 'GET /api/queue?page=500 (OFFSET)', method: 'GET', path: '/api/queue?page=500' },
      {
        label: 'GET /api/trajectories/:id/events?limit=100',
        method: 'GET',
        path: `/api/trajectories/${sample.id}/events?limit=100`,
      },
    ];
    const endpoints: Endpoint[] = [];
    // --only <regex>: a subset of the rows (the no-op always runs: every ratio needs it).
    const only = values.only ? new RegExp(values.only) : null;
    for (const ep of candidates.filter((c, i) => i === 0 || !only || only.test(c.label))) {
      const res = await fetch(bases[0] + ep.path, {
        method: ep.method,
        body: ep.body,
        headers: { cookie: ep.cookie ?? cookie, 'content-type': 'application/json' },
      });
      await res.arrayBuffer();
      if (res.status === 404 && ep.method === 'GET' && !ep.path.includes(sample.id))
        console.log(`  (skipped ${ep.label}: 404 — no such route in this build)`);
      else if (!res.ok) throw new Error(`${ep.label} answered ${res.status}`);
      else endpoints.push(ep);
    }

    // Steady state, not start-up: every endpoint runs WARMUP seconds on both replicas first, unrecorded, at
    // the highest concurrency measured (JIT; both pools grown to full size; each statement prepared on every
    // pooled connection; cached counts). A fresh replica answers its first requests slowly, and so does a run
    // at 50 connections right after one at 10, which opens new connections and re-plans on them.
    if (WARMUP > 0) {
      for (const ep of endpoints) await measure(bases, ep, 50, WARMUP, cookie);
      await settle(bases, cookie);
      console.log(`• Warmed up: ${WARMUP} s per endpoint on both replicas`);
    }
    const [noopEp, ...lists] = endpoints;
    // Rounds of slices: no-op, list 1, no-op, list 2, no-op, …; each list slice's ratio is against the mean of
    // the no-op slices on either side of it. The lists' order rotates by round, so no endpoint always follows
    // the same one.
    const measureGroup = async (on: string | string[], group: Endpoint[], connections: number): Promise<Row[]> => {
      const noopSlices: Slice[] = [];
      const slices = new Map<Endpoint, Slice[]>(group.map((ep) => [ep, []]));
      const ratios = new Map<Endpoint, number[]>(group.map((ep) => [ep, []]));
      const slice = async (ep: Endpoint) => {
        const m = await measure(on, ep, connections, SLICE, cookie);
        // Let requests still queued from this slice finish before the next one starts.
        await settle(bases, cookie);
        process.stdout.write('.');
        return m;
      };
      for (let round = 0; round < ROUNDS; round++) {
        let before = await slice(noopEp);
        noopSlices.push(before);
        for (const ep of [...group.slice(round % group.length), ...group.slice(0, round % group.length)]) {
          const m = await slice(ep);
          const after = await slice(noopEp);
          noopSlices.push(after);
          slices.get(ep)!.push(m);
          ratios.get(ep)!.push(m.rps / ((before.rps + after.rps) / 2));
          before = after;
        }
      }
      const connectionsShown = connections * (Array.isArray(on) ? on.length : 1);
      return [
        reduce(noopEp.label, connectionsShown, noopSlices, []),
        ...group.map((ep) => reduce(ep.label, connectionsShown, slices.get(ep)!, ratios.get(ep)!)),
      ];
    };
    const rows: Row[] = [];
    for (const connections of [10, 50]) rows.push(...(await measureGroup(bases[0], lists, connections)));
    printTable(rows);
    printTails(rows);

    // The first two lists: the queue and the filtered queue unless --only picked others.
    const pair = lists.slice(0, 2);
    console.log('\nTwo replicas on the same database (50 connections each, requests/s added up):');
    const combined = await measureGroup(bases, pair, 50);
    printTable(combined.map((r) => ({ ...r, label: `two replicas: ${r.label}` })));
    printTails(combined);
    // The OFFSET deep page is the comparison for the keyset row, not a page the UI's buttons request.
    const isList = (r: Row) => r.label.startsWith('GET /api/') && !/auth\/me|events|\(OFFSET\)/.test(r.label);
    const verdict = (what: string, target: Row[]) => {
      const below = target.filter((r) => ratioOf(r) < 0.5);
      console.log(
        below.length
          ? `✖ ${what} below 0.5× the no-op: ${below.map((r) => `${r.label} @${r.connections}`).join('; ')}`
          : `✔ ${what} ≥ 0.5× the no-op`,
      );
      const spread = target.filter((r) => r.p99 > 2 * r.p50);
      console.log(
        spread.length
          ? `✖ ${what} with p99 > 2× p50: ${spread.map((r) => `${r.label} @${r.connections}`).join('; ')}`
          : `✔ ${what}: p99 ≤ 2× p50`,
      );
    };
    // The target (issue 14) is one replica, as `npm start` serves; two replicas on these same 2 cores are shown for scale-out.
    console.log('');
    verdict('every list endpoint on one replica', rows.filter(isList));
    verdict(
      pair.every((ep) => ep.label.startsWith('GET /api/queue'))
        ? 'the queue rows on two replicas'
        : 'the two-replica rows',
      combined.filter(isList),
    );
    const noop = rows.filter((r) => !isList(r) && r.label.includes('auth/me'));
    console.log(
      `  (the no-op itself: p99/p50 ${noop.map((r) => `${(r.p99 / Math.max(1, r.p50)).toFixed(1)} @${r.connections}`).join(', ')})`,
    );
  } finally {
    for (const r of replicas) r.kill('SIGTERM');
    await Promise.all(replicas.map((r) => (r.exitCode === null ? new Promise((ok) => r.once('exit', ok)) : undefined)));
  }
}

await runBench(openApiBenchDatabase, main);
