import { z } from 'zod';
import type { Actor } from '@/lib/auth/permissions';
import { retrieve } from '@/lib/retrieval/retrieve';
import { CURRENT_BANK } from '@/lib/retrieval/retrieve-schema';

/**
 * The retrieval half of the quality report: after "approve all valid", does
 * each source task retrieve its own card (top-3), and does a *different* task
 * of the same ability retrieve a card a person judged plausible for it? The
 * judgement is a hand-labelled fixture (tests/fixtures/eval/retrieval-labels.json).
 * Card keys are random at approval, so a label names a card by what stays
 * stable across runs: the task it was learned from and a function it is about.
 */
const taskRef = z.object({ benchmark: z.string().min(1), task: z.string().min(1) });
export const retrievalLabelsSchema = z
  .object({
    about: z.string(),
    queries: z
      .array(
        taskRef.extend({
          why: z.string().min(1),
          plausible: z
            .array(taskRef.extend({ function: z.string().regex(/^[\w-]+\.[\w-]+$/, 'expected App.function') }))
            .min(1),
        }),
      )
      .min(1),
  })
  .superRefine((v, ctx) => {
    v.queries.forEach((q, i) =>
      q.plausible.forEach((p, j) => {
        if (p.benchmark === q.benchmark && p.task === q.task)
          ctx.addIssue({
            code: 'custom',
            path: ['queries', i, 'plausible', j],
            message: 'a plausible card must come from a different task than the query',
          });
      }),
    );
  });
export type RetrievalLabels = z.infer<typeof retrievalLabelsSchema>;

export type EvalTask = {
  id: string;
  benchmark: string;
  externalId: string;
  ability: string | null;
  apps: string[];
  instruction: string;
};
/** A card in the bank after approval, with every task whose proposal wrote a version of it. */
export type BankCardSource = { key: string; sourceTaskIds: Set<string>; functions: string[]; title: string };
export type HitRow = { task: string; hit: boolean; top3: string[]; expected: string[] };
export type HitRate = { hits: number; of: number; rows: HitRow[] };

const TOP = 3;
const label = (t: { benchmark: string; externalId: string }) => `${t.benchmark} ${t.externalId}`;

/** The skill cards the public retrieval API puts in the top 3 for the task, from the live bank. */
async function topKeys(actor: Actor, t: EvalTask): Promise<string[]> {
  const res = await retrieve(actor, {
    task: t.instruction.slice(0, 20_000) || t.externalId,
    apps: t.apps.slice(0, 50),
    ability: t.ability,
    release: CURRENT_BANK,
    k: TOP,
  });
  return res.skillCards.map((c) => c.key);
}

function rate(rows: HitRow[]): HitRate {
  return { hits: rows.filter((r) => r.hit).length, of: rows.length, rows };
}

/** Every task that produced an approved card: is one of its own cards in its top 3? */
export async function ownCardHits(actor: Actor, tasks: EvalTask[], cards: BankCardSource[]): Promise<HitRate> {
  const rows: HitRow[] = [];
  for (const t of tasks) {
    const own = cards.filter((c) => c.sourceTaskIds.has(t.id)).map((c) => c.key);
    if (own.length === 0) continue;
    const top3 = await topKeys(actor, t);
    rows.push({ task: label(t), hit: top3.some((k) => own.includes(k)), top3, expected: own });
  }
  return rate(rows);
}

/**
 * Each labelled query task: is a card labelled plausible for it (learned from
 * another task) in its top 3? Labels whose card is not in the bank (another
 * provider wrote other cards) are listed as unresolved; a query none of whose
 * labels resolve is left out of the rate, and says so.
 */
export async function labelledHits(
  actor: Actor,
  labels: RetrievalLabels,
  tasks: EvalTask[],
  cards: BankCardSource[],
): Promise<HitRate & { unresolved: string[] }> {
  const byRef = new Map(tasks.map((t) => [`${t.benchmark} ${t.externalId}`, t]));
  const rows: HitRow[] = [];
  const unresolved: string[] = [];
  for (const q of labels.queries) {
    const query = byRef.get(`${q.benchmark} ${q.task}`);
    if (!query) {
      unresolved.push(`query ${q.benchmark} ${q.task} (task not imported)`);
      continue;
    }
    const expected = new Set<string>();
    for (const p of q.plausible) {
      const source = byRef.get(`${p.benchmark} ${p.task}`);
      const found = source
        ? cards.filter((c) => c.sourceTaskIds.has(source.id) && c.functions.includes(p.function))
        : [];
      if (found.length === 0)
        unresolved.push(`${p.benchmark} ${p.task} · ${p.function} (for ${q.benchmark} ${q.task})`);
      for (const c of found) expected.add(c.key);
    }
    if (expected.size === 0) continue;
    const top3 = await topKeys(actor, query);
    rows.push({ task: label(query), hit: top3.some((k) => expected.has(k)), top3, expected: [...expected] });
  }
  return { ...rate(rows), unresolved };
}

/** Bank cards and the tasks they were learned from, out of the approvals of each task's run. */
export function bankSources(
  approvals: { taskId: string; approved: { key: string; content: unknown }[] }[],
): BankCardSource[] {
  const byKey = new Map<string, BankCardSource>();
  for (const a of approvals) {
    for (const c of a.approved) {
      const content = (c.content as { functions_used?: unknown; tool?: unknown; title?: unknown } | null) ?? {};
      const functions = Array.isArray(content.functions_used)
        ? content.functions_used.map(String)
        : typeof content.tool === 'string'
          ? [content.tool]
          : [];
      const entry = byKey.get(c.key) ?? { key: c.key, sourceTaskIds: new Set<string>(), functions: [], title: '' };
      entry.sourceTaskIds.add(a.taskId);
      // A later version (PATCH) describes the card as it is now.
      entry.functions = functions;
      entry.title =
        typeof content.title === 'string' ? content.title : typeof content.tool === 'string' ? content.tool : c.key;
      byKey.set(c.key, entry);
    }
  }
  return [...byKey.values()];
}

const pct = (r: HitRate) => (r.of ? `${Math.round((100 * r.hits) / r.of)}% (${r.hits}/${r.of})` : '— (0 tasks)');

/** Report lines: the two hit rates, then the misses (what ranked instead, by title) and unresolved labels. */
export function formatHits(own: HitRate, other: HitRate & { unresolved: string[] }, cards: BankCardSource[]): string[] {
  const title = new Map(cards.map((c) => [c.key, `"${c.title.slice(0, 60)}"`]));
  const names = (keys: string[]) => keys.map((k) => title.get(k) ?? k).join(', ');
  const misses = (r: HitRate) =>
    r.rows
      .filter((x) => !x.hit)
      .map((x) => `\n      ${x.task}: wanted ${names(x.expected)}; top 3 ${names(x.top3) || 'nothing'}`);
  return [
    `retrieval, own card in top ${TOP} (each source task, its instruction as the query): ${pct(own)}`,
    `retrieval, plausible card from another task of the same ability in top ${TOP} (hand-labelled, tests/fixtures/eval/retrieval-labels.json): ${pct(other)}`,
    ...(misses(own).length ? [`  own-card misses:${misses(own).join('')}`] : []),
    ...(misses(other).length ? [`  labelled misses:${misses(other).join('')}`] : []),
    ...(other.unresolved.length ? [`  labels with no such card in this bank: ${other.unresolved.join('; ')}`] : []),
  ];
}
