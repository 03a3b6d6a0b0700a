import { z } from 'zod';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { resolveBank } from '@/lib/retrieval/resolve-bank';
import { releaseRefSchema } from '@/lib/retrieval/retrieve-schema';
import { leaksSchema, type Leak } from './leak-schema';
import { detectLeaks, heldOutTasks } from './detect-leaks';

export const leakageQuerySchema = z.object({ release: releaseRefSchema.optional() });

export const leakageReportSchema = z.object({
  release: z.string(),
  heldOutTasks: z.number().int(),
  leaks: leaksSchema,
});
export type LeakageReport = { release: string; heldOutTasks: number; leaks: Leak[] };

/** The leakage audit: every held-out task's retrieval against one bank (default: the newest release). */
export async function auditLeakage(actor: Actor | null, input: unknown): Promise<LeakageReport> {
  requirePermission(actor, 'retrieval:preview');
  const q = leakageQuerySchema.parse(input);
  const bank = await resolveBank(q.release);
  const tasks = await heldOutTasks();
  return { release: bank.label, heldOutTasks: tasks.length, leaks: await detectLeaks(bank.index, tasks) };
}
