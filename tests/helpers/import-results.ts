import { prisma } from '@/lib/db/prisma';

/** An imported trajectory with its events (in order) and its checkpoint results keyed by checkpoint key. */
export async function importedTrajectory(externalId: string) {
  const t = await prisma.trajectory.findUniqueOrThrow({
    where: { externalId },
    include: {
      task: true,
      checkpoints: { include: { checkpoint: true }, orderBy: { checkpoint: { position: 'asc' } } },
      events: { orderBy: { position: 'asc' } },
    },
  });
  return {
    t,
    shape: t.events.map((e) => `${e.source}:${e.type}:${e.tool ?? ''}${e.error ? '!' : ''}`),
    results: Object.fromEntries(
      t.checkpoints.map((c) => [
        c.checkpoint.key,
        { passed: c.passed, score: c.score, total: c.total, note: c.note, at: c.eventIndex },
      ]),
    ),
  };
}
