/**
 * npm run bench:retrieval [-- --queries 2000 --seconds 8] [--in-process (skip the HTTP part)]
 *
 * 10,000 synthetic skill cards in 5 banks + 500 function cards.
 *  1. In process: p50/p99 of one full retrieval (rank skills in the task's
 *     bank with bonus/penalty, rank function cards, render the block with
 *     real token counts, pre-tool block) on the cached index, next to the
 *     bare BM25 scoring loop over the same bank measured in the same run.
 *  2. Over HTTP: `/api/retrieve` requests/s (autocannon, API token) at 10 and
 *     50 connections next to an authenticated no-op endpoint with the same
 *     auth (`/api/retrieve/ping`), on a fresh embedded PostgreSQL and the built
 *     app (`next start`). Figures only; not a test.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import type { BankCard } from '@/lib/retrieval/bank-card';
import { Bm25Index } from '@/lib/retrieval/bm25';
import { RetrievalIndex, skillSearchText } from '@/lib/retrieval/retrieval-index';
import { runRetrieval } from '@/lib/retrieval/run-retrieval';
import { buildIfNeeded } from './lib/build';
import { freePort, startEmbeddedPostgres } from './lib/embedded-db';
import { migrateDeploy } from './lib/migrate';
import { waitForHealth } from './lib/wait-for-health';

const { values } = parseArgs({ options: { queries: { type: 'string', default: '2000' }, seconds: { type: 'string', default: '8' }, 'in-process': { type: 'boolean', default: false } } });
const QUERIES = Number(values.queries);
const SECONDS = Number(values.seconds);
const BANKS = ['mail', 'travel', 'retail', 'calendar', 'files'];
const SKILLS = 10_000;
const FUNCTIONS = 500;

// A deterministic vocabulary so runs are comparable (no Math.random).
const VOCAB = Array.from({ length: 3000 }, (_, i) => `term${i.toString(36)}`);
let seed = 42;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const words = (n: number) => Array.from({ length: n }, () => VOCAB[Math.floor(rnd() ** 2 * VOCAB.length)]).join(' ');

function syntheticBank(): BankCard[] {
  const cards: BankCard[] = [];
  for (let i = 0; i < SKILLS; i++) {
    const bank = BANKS[i % BANKS.length];
    cards.push({
      kind: 'SKILL',
      cardId: `s${i}`,
      key: `skill::skill_${i.toString(16).padStart(6, '0')}`,
      ability: bank,
      apps: [bank, ...(i % 3 ? [] : ['contacts'])],
      versionId: `sv${i}`,
      versionNumber: 1,
      content: {
        title: `Rule ${words(4)}`,
        applies_when: `When ${words(12)}`,
        solves: words(8),
        tags: [words(1), words(1), words(1)].map((t) => t.toLowerCase()),
        skill: { core_rule: `If ${words(16)} then ${words(8)}`, completion_condition: [words(10)], success_contrast: [], failure_contrast: [words(10)], recovery: [words(10)], efficiency: [] },
        evidence: { observed_feedback: [], state_transition: [], good_examples: [], bad_examples: [] },
        functions_used: [],
      },
    });
  }
  for (let i = 0; i < FUNCTIONS; i++) {
    const app = BANKS[i % BANKS.length];
    const tool = `${app}.fn_${i}_${VOCAB[i]}`;
    cards.push({
      kind: 'FUNCTION',
      cardId: `f${i}`,
      key: `function::${tool}`,
      ability: null,
      apps: [app],
      versionId: `fv${i}`,
      versionNumber: 1,
      content: { tool, app, function: tool.split('.')[1], what_it_does: `Does ${words(12)}`, arguments: [], returns: 'An object', usage_rules: [words(10), words(10)], common_mistakes: [words(8)], side_effects: [] },
    });
  }
  return cards;
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const queries = Array.from({ length: 200 }, (_, i) => ({ task: `Please ${words(25)}`, ability: BANKS[i % BANKS.length], apps: [BANKS[i % BANKS.length]], function: `${BANKS[i % 5]}.fn_${i}_${VOCAB[i]}` }));

function timeEach(fn: (i: number) => unknown): number[] {
  for (let i = 0; i < 200; i++) fn(i); // warm-up (JIT)
  const out: number[] = [];
  for (let i = 0; i < QUERIES; i++) {
    const t = process.hrtime.bigint();
    fn(i);
    out.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return out;
}

function inProcess(cards: BankCard[]) {
  const t0 = performance.now();
  const index = new RetrievalIndex(cards);
  const buildMs = performance.now() - t0;
  // Baseline: the bare BM25 loop (score every document of the bank, sort), no bonus, no render.
  const bare = new Map(BANKS.map((b) => [b, new Bm25Index(cards.filter((c) => c.kind === 'SKILL' && c.ability === b).map((c) => ({ item: c, text: skillSearchText(c.content as never) })))]));
  const full = timeEach((i) => runRetrieval(index, 'bench', queries[i % queries.length]));
  const loop = timeEach((i) => bare.get(queries[i % queries.length].ability)!.search(queries[i % queries.length].task));
  const rankOnly = timeEach((i) => index.rankSkills({ query: queries[i % queries.length].task, ability: queries[i % queries.length].ability, apps: queries[i % queries.length].apps }));
  console.log(`\nIn process (${SKILLS.toLocaleString('en-US')} skill cards in ${BANKS.length} banks + ${FUNCTIONS} function cards; index built once in ${buildMs.toFixed(0)} ms; ${QUERIES} queries)`);
  console.log('                                   p50 ms    p99 ms');
  const row = (label: string, xs: number[]) => console.log(`${label.padEnd(34)} ${pct(xs, 50).toFixed(3).padStart(7)}  ${pct(xs, 99).toFixed(3).padStart(8)}`);
  row('full retrieval (rank + render)', full);
  row('ranking only (skills, postings)', rankOnly);
  row('bare BM25 loop (baseline)', loop);
  console.log(`ratio full/bare p50: ${(pct(full, 50) / pct(loop, 50)).toFixed(2)}×; ranking/bare p50: ${(pct(rankOnly, 50) / pct(loop, 50)).toFixed(2)}× · target full p50 ≤ 2 ms: ${pct(full, 50) <= 2 ? 'met' : 'NOT met'}`);
}

async function seedDatabase(cards: BankCard[]): Promise<string> {
  const { prisma } = await import('@/lib/db/prisma');
  const { hashPassword } = await import('@/lib/auth/password');
  const { newToken } = await import('@/lib/auth/tokens');
  const user = await prisma.user.create({ data: { email: 'bench@bench.local', name: 'Bench runtime', role: 'ANNOTATOR', passwordHash: await hashPassword('bench-password') } });
  const { token, hash } = newToken('mct');
  await prisma.apiToken.create({ data: { name: 'bench', role: 'ANNOTATOR', userId: user.id, tokenHash: hash, prefix: token.slice(0, 10) } });
  for (let i = 0; i < cards.length; i += 1000) {
    const chunk = cards.slice(i, i + 1000);
    await prisma.card.createMany({ data: chunk.map((c) => ({ id: c.cardId, key: c.key, kind: c.kind, ability: c.ability, apps: c.apps, title: c.key, tags: [] })) });
    await prisma.cardVersion.createMany({ data: chunk.map((c) => ({ id: c.versionId, cardId: c.cardId, number: 1, content: c.content })) });
  }
  await prisma.$executeRaw`UPDATE "Card" c SET "currentVersionId" = v.id FROM "CardVersion" v WHERE v."cardId" = c.id`;
  await prisma.$disconnect();
  return token;
}

async function rps(url: string, token: string, connections: number, body: string): Promise<number> {
  const result = await autocannon({ url, method: 'POST', connections, duration: SECONDS, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body });
  if (result.non2xx) throw new Error(`${url}: ${result.non2xx} non-2xx responses`);
  return result.requests.average;
}

const cards = syntheticBank();
inProcess(cards);

/** Part 2: the built app on a fresh embedded PostgreSQL holding the same bank. */
async function overHttp(): Promise<number> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-retrieval-'));
  const db = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: await freePort(), database: 'bench', quiet: true });
  let server: ReturnType<typeof spawn> | undefined;
  let code = 0;
  try {
    process.env.DATABASE_URL = db.url;
    await migrateDeploy(db.url, { quiet: true });
    const token = await seedDatabase(cards);
    await buildIfNeeded();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = spawn(path.resolve('node_modules/.bin/next'), ['start', '-p', String(port)], { stdio: 'ignore', env: { ...process.env, DATABASE_URL: db.url, NEXT_TELEMETRY_DISABLED: '1' } });
    await waitForHealth(base);
    const body = JSON.stringify({ task: queries[0].task, ability: 'mail', apps: ['mail'], release: 'current', function: queries[0].function });
    await rps(`${base}/api/retrieve`, token, 1, body); // warm-up: builds the index once
    console.log(`\nOver HTTP (next start, ${SECONDS} s per run, API token, release "current")`);
    console.log('connections   /api/retrieve req/s   no-op req/s   ratio');
    for (const c of [10, 50]) {
      const r = await rps(`${base}/api/retrieve`, token, c, body);
      const n = await rps(`${base}/api/retrieve/ping`, token, c, '{}');
      console.log(`${String(c).padStart(11)}   ${r.toFixed(0).padStart(19)}   ${n.toFixed(0).padStart(11)}   ${(r / n).toFixed(2)}×`);
    }
  } catch (err) {
    console.error(err);
    code = 1;
  } finally {
    server?.kill('SIGTERM');
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return code;
}

process.exitCode = values['in-process'] ? 0 : await overHttp();
