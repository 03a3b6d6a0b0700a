import { z } from 'zod';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { pageOf, pageQuerySchema, type Page } from '@/lib/http/pagination';
import { resolveBank } from '@/lib/retrieval/resolve-bank';
import { releaseRefSchema } from '@/lib/retrieval/retrieve-schema';
import { leakSchema, leaksSchema, type Leak } from './leak-schema';
import { detectLeaks, heldOutTasks } from './detect-leaks';

export const leakageQuerySchema = z.object({ release: releaseRefSchema.optional() });
export const leakagePageQuerySchema = leakageQuerySchema.extend(pageQuerySchema.shape);

const leakageSummary = {
  release: z.string(),
  heldOutTasks: z.number().int(),
  /** Held-out tasks with at least one leak (over every page). */
  leakingTasks: z.number().int(),
};
export const leakageReportSchema = z.object({ ...leakageSummary, leaks: leaksSchema });
export const leakagePageSchema = z.object({
  ...leakageSummary,
  items: z.array(leakSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
});
export type LeakageReport = { release: string; heldOutTasks: number; leakingTasks: number; leaks: Leak[] };
export type LeakagePage = Omit<LeakageReport, 'leaks'> & Page<Leak>;

/**
 * The leakage audit: every held-out task's retrieval against one bank
 * (default: the newest release), every leak. The CLI and the freeze check
 * need all of them.
 */
export async function auditLeakage(actor: Actor | null, input: unknown): Promise<LeakageReport> {
  requirePermission(actor, 'retrieval:preview');
  const q = leakageQuerySchema.parse(input);
  const bank = await resolveBank(q.release);
  const tasks = await heldOutTasks();
  const leaks = await detectLeaks(bank.index, tasks);
  return {
    release: bank.label,
    heldOutTasks: tasks.length,
    leakingTasks: new Set(leaks.map((l) => l.taskId)).size,
    leaks,
  };
}

/**
 * One page of the audit for the page and `GET /api/leakage`. Whether a task
 * leaks is only known after its retrieval runs, so the audit runs for every
 * held-out task (in memory, on the cached index, with one provenance query)
 * and the page is cut from the result; only the page goes over the wire.
 */
export async function auditLeakagePage(actor: Actor | null, input: unknown): Promise<LeakagePage> {
  requirePermission(actor, 'retrieval:preview');
  const q = leakagePageQuerySchema.parse(input);
  const { leaks, ...summary } = await auditLeakage(actor, { release: q.release });
  const from = (q.page - 1) * q.pageSize;
  return { ...summary, ...pageOf(leaks.slice(from, from + q.pageSize), leaks.length, q) };
}
