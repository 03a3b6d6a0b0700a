import { createHash } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '@/lib/errors';

/**
 * The retrieval labels file (docs/retrieval-quality.md): one JSON object per
 * line (JSONL), or one JSON array of the same objects. Each names a task text
 * (with the ability and apps a runtime would send) and the card keys a person
 * judged relevant for it, and optionally those judged not relevant (kept so a
 * re-import loses nothing; the metrics count every unlabelled retrieved card
 * as not relevant).
 *
 *   {"task": "Change the flights of reservation <ID>", "ability": "airline", "apps": ["airline"],
 *    "relevant": ["skill::skill_ab12cd"], "notRelevant": ["function::mail.send_message"]}
 */
const cardKey = z.string().regex(/^(skill|function)::\S+$/, 'expected a card key such as skill::skill_ab12cd');
export const labelledQuerySchema = z
  .object({
    task: z.string().trim().min(1, 'task text is required').max(20_000),
    ability: z.string().trim().min(1).max(100).nullish(),
    apps: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
    relevant: z.array(cardKey).max(100),
    notRelevant: z.array(cardKey).max(100).optional(),
  })
  .strict();
export type LabelledQuery = z.infer<typeof labelledQuerySchema>;

/** Parses a labels file, naming the line (JSONL) or entry (array) and field of the first problem. */
export function parseLabelsFile(text: string, source = 'labels file'): LabelledQuery[] {
  const trimmed = text.trim();
  if (!trimmed) throw new AppError('VALIDATION', `${source} is empty: expected one JSON object per line`);
  const entries: { where: string; value: unknown }[] = [];
  if (trimmed.startsWith('[')) {
    const all = parseJson(trimmed, source);
    if (!Array.isArray(all)) throw new AppError('VALIDATION', `${source}: expected a JSON array of labelled queries`);
    all.forEach((value, i) => entries.push({ where: `${source} entry ${i + 1}`, value }));
  } else {
    text.split('\n').forEach((line, i) => {
      if (line.trim())
        entries.push({ where: `${source} line ${i + 1}`, value: parseJson(line, `${source} line ${i + 1}`) });
    });
  }
  return entries.map(({ where, value }) => {
    const parsed = labelledQuerySchema.safeParse(value);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const path = issue.path.join('.') || '(the object)';
    const message = `${where}, ${path}: ${issue.message}`;
    throw new AppError('VALIDATION', message, [{ path, message }]);
  });
}

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new AppError('VALIDATION', `${where} is not JSON: ${(err as Error).message}`);
  }
}

export function formatLabelsFile(queries: LabelledQuery[]): string {
  return queries.map((q) => JSON.stringify(q)).join('\n') + (queries.length ? '\n' : '');
}

/** The query a label belongs to: same text (whitespace-normalised), ability and apps → same hash. */
export function queryHash(q: { task: string; ability?: string | null; apps?: string[] }): string {
  const text = q.task.trim().replace(/\s+/g, ' ');
  const apps = [...new Set((q.apps ?? []).map((a) => a.trim().toLowerCase()))].sort();
  return createHash('sha256')
    .update(JSON.stringify([text, q.ability ?? null, apps]))
    .digest('hex');
}
