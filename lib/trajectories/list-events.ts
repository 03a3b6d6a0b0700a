import { z } from 'zod';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { notFound } from '@/lib/errors';

// Windows keep payloads small on 5,000-event trajectories; the timeline asks
// for the windows around what is on screen.
export const EVENT_WINDOW_MAX = 500;

export const eventWindowSchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(EVENT_WINDOW_MAX).default(200),
});

export type EventView = {
  position: number;
  source: 'AGENT' | 'USER' | 'ENVIRONMENT' | 'VERIFIER';
  type: 'MESSAGE' | 'TOOL_CALL' | 'OBSERVATION' | 'NOTIFICATION' | 'FINAL';
  tool: string | null;
  arguments: unknown;
  callId: string | null;
  content: string | null;
  error: boolean;
};

/** One window of a trajectory's events, by position. */
export async function listEvents(actor: Actor, trajectoryId: string, input: Record<string, unknown>) {
  requirePermission(actor, 'trajectory:read');
  const { offset, limit } = eventWindowSchema.parse(input);
  const t = await prisma.trajectory.findUnique({ where: { id: trajectoryId }, select: { eventCount: true } });
  if (!t) throw notFound('Trajectory');
  const rows = await prisma.event.findMany({
    where: { trajectoryId, position: { gte: offset, lt: offset + limit } },
    orderBy: { position: 'asc' },
    select: { position: true, source: true, type: true, tool: true, arguments: true, callId: true, content: true, error: true },
  });
  return { offset, limit, total: t.eventCount, events: rows as EventView[] };
}
