import { z } from 'zod';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { notFound } from '@/lib/errors';
import { detectLeaks } from '@/lib/releases/detect-leaks';
import type { Leak } from '@/lib/releases/leak-schema';
import { assertKnownAbility } from '@/lib/retrieval/known-ability';
import { FUNCTION_CARD_TOKEN_CAP } from '@/lib/retrieval/render';
import { resolveBank } from '@/lib/retrieval/resolve-bank';
import { retrieveRequestSchema, type RetrieveResponse } from '@/lib/retrieval/retrieve-schema';
import { labelsForQuery } from '@/lib/retrieval/retrieval-labels';
import { runRetrieval } from '@/lib/retrieval/run-retrieval';

export const previewRequestSchema = retrieveRequestSchema.extend({
  /** The imported task this text came from: its provenance is checked for leakage. */
  taskId: z.string().min(1).max(100).optional(),
});

export type PreviewTask = {
  id: string;
  benchmark: string;
  externalId: string;
  ability: string | null;
  apps: string[];
  split: string | null;
  instruction: string;
};
export type RetrievalPreview = RetrieveResponse & {
  skipped: string[];
  /** Token cap of the pre-tool block (the renderer's function-card cap). */
  preToolBudget: number;
  /** The ability asked for is known (a task or card has it) but this bank holds no active skill card of it. */
  emptyBank: string | null;
  leakage: { task: PreviewTask; leaks: Leak[] } | null;
  /** Reviewers' stored relevance judgements of this query's cards (any card, retrieved now or not). */
  labels: { cardKey: string; relevant: boolean }[];
};

/** What the preview shows of a task (PreviewTask). */
export const PREVIEW_TASK_SELECT = {
  id: true,
  benchmark: true,
  externalId: true,
  ability: true,
  apps: true,
  split: true,
  instruction: true,
} as const;

/**
 * The retrieval preview: exactly what `/api/retrieve` answers (same ranking,
 * same renderer, same bank cache), plus matched terms already in the result
 * and, when the text came from an imported task, a leakage warning for every
 * retrieved card whose provenance includes that task.
 */
export async function previewRetrieval(actor: Actor | null, input: unknown): Promise<RetrievalPreview> {
  requirePermission(actor, 'retrieval:preview');
  const req = previewRequestSchema.parse(input);
  const bank = await resolveBank(req.release);
  await assertKnownAbility(bank.index, req.ability);
  const run = runRetrieval(bank.index, bank.label, req);
  let leakage: RetrievalPreview['leakage'] = null;
  if (req.taskId) {
    const task = await prisma.task.findUnique({ where: { id: req.taskId }, select: PREVIEW_TASK_SELECT });
    if (!task) throw notFound(`Task ${req.taskId}`);
    // Check the cards this preview retrieved (not the task's own text): the
    // researcher may have edited the text, and the warning is about this result.
    const leaks = await detectLeaks(bank.index, [
      { ...task, instruction: req.task, apps: req.apps ?? [], ability: req.ability ?? null, k: req.k },
    ]);
    leakage = { task, leaks };
  }
  return {
    ...run.response,
    skipped: bank.skipped,
    preToolBudget: FUNCTION_CARD_TOKEN_CAP,
    emptyBank: req.ability && !bank.index.banks.includes(req.ability) ? req.ability : null,
    leakage,
    labels: await labelsForQuery(actor, req),
  };
}

/** Imported tasks for the preview's picker: by benchmark task id or instruction words. */
export async function searchPreviewTasks(actor: Actor | null, q: string): Promise<PreviewTask[]> {
  requirePermission(actor, 'retrieval:preview');
  const text = q.trim().slice(0, 200);
  return prisma.task.findMany({
    where: text
      ? {
          OR: [
            { externalId: { contains: text, mode: 'insensitive' } },
            { instruction: { contains: text, mode: 'insensitive' } },
          ],
        }
      : {},
    select: PREVIEW_TASK_SELECT,
    orderBy: [{ benchmark: 'asc' }, { externalId: 'asc' }],
    take: 20,
  });
}
