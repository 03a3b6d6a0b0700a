import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { notFound } from '@/lib/errors';
import { taskIdSchema } from './load-task-contrast';

/**
 * Whether the task exists, cheaply: the task page asks before its loading skeleton
 * streams, because once streaming starts the HTTP status (404 for a missing task) is sent.
 */
export async function findTask(actor: Actor, rawTaskId: string): Promise<{ id: string }> {
  requirePermission(actor, 'trajectory:read');
  const taskId = taskIdSchema.parse(rawTaskId);
  const task = await prisma.task.findUnique({ where: { id: taskId }, select: { id: true } });
  if (!task) throw notFound(`Task ${taskId}`);
  return task;
}
