import { Prisma } from '@prisma/client';
import { prisma } from '@/lib/db/prisma';

/**
 * When a card reached the agent, as far as the run records it. `memory.card_ids` says which cards were
 * injected, not when; the renderer's policy (MEMORY.md) puts skill cards in the task-start block, so
 * before every step, and a function card right before a call of its function, so before the failing
 * step only if the run called that function at or before it.
 */
export type CardTiming =
  | { kind: 'task-start' }
  | { kind: 'pre-tool'; firstCallAt: number }
  | { kind: 'not-before-failure'; firstCallAt: number | null }
  | { kind: 'unknown' };

export type RegressionCard = {
  ref: string;
  cardId: string | null;
  title: string | null;
  cardKind: 'SKILL' | 'FUNCTION' | null;
  /** Relative to the first failed checkpoint of the later run; unknown when it is not anchored to a step. */
  timing: CardTiming;
};

export type RegressionDetail = {
  runB: string;
  failedCheckpoint: { id: string; key: string; name: string; eventIndex: number | null } | null;
  cards: RegressionCard[];
};

/** The failed checkpoint of each later run and the cards it ran with, timed against that checkpoint's step. */
export async function regressionDetails(flips: { runB: string; cardIdsB: string[] }[]): Promise<RegressionDetail[]> {
  if (!flips.length) return [];
  const runIds = flips.map((f) => f.runB);
  const refs = [...new Set(flips.flatMap((f) => f.cardIdsB))];
  const [failed, cards] = await Promise.all([
    prisma.checkpointResult.findMany({
      where: { trajectoryId: { in: runIds }, passed: false },
      select: {
        id: true,
        trajectoryId: true,
        eventIndex: true,
        checkpoint: { select: { key: true, name: true, position: true } },
      },
    }),
    prisma.card.findMany({
      where: { OR: [{ key: { in: refs } }, { id: { in: refs } }] },
      select: { id: true, key: true, title: true, kind: true },
    }),
  ]);
  const cardOf = new Map(cards.flatMap((c) => [[c.key, c] as const, [c.id, c] as const]));
  // The first failed checkpoint in task order is where the run went wrong first.
  const firstFailed = new Map<string, (typeof failed)[number]>();
  for (const f of failed) {
    const seen = firstFailed.get(f.trajectoryId);
    if (!seen || f.checkpoint.position < seen.checkpoint.position) firstFailed.set(f.trajectoryId, f);
  }
  // Function cards are keyed "function::App.function": the first call of that tool in each run.
  const tools = [...new Set(cards.filter((c) => c.kind === 'FUNCTION').map((c) => c.key.replace(/^function::/, '')))];
  const calls = tools.length
    ? await prisma.$queryRaw<{ trajectoryId: string; tool: string; first: number }[]>(Prisma.sql`
        SELECT e."trajectoryId", e.tool, min(e.position)::int AS first FROM "Event" e
        WHERE e."trajectoryId" = ANY(${runIds}::text[]) AND e.type = 'TOOL_CALL' AND e.tool = ANY(${tools}::text[])
        GROUP BY 1, 2`)
    : [];
  const firstCall = new Map(calls.map((c) => [`${c.trajectoryId} ${c.tool}`, c.first]));

  return flips.map((f) => {
    const cp = firstFailed.get(f.runB) ?? null;
    const at = cp?.eventIndex ?? null;
    return {
      runB: f.runB,
      failedCheckpoint: cp ? { id: cp.id, key: cp.checkpoint.key, name: cp.checkpoint.name, eventIndex: at } : null,
      cards: f.cardIdsB.map((ref): RegressionCard => {
        const card = cardOf.get(ref);
        const base = { ref, cardId: card?.id ?? null, title: card?.title ?? null, cardKind: card?.kind ?? null };
        if (!card) return { ...base, timing: { kind: 'unknown' } };
        if (card.kind === 'SKILL') return { ...base, timing: { kind: 'task-start' } };
        const first = firstCall.get(`${f.runB} ${card.key.replace(/^function::/, '')}`) ?? null;
        if (at === null) return { ...base, timing: { kind: 'unknown' } };
        return {
          ...base,
          timing:
            first !== null && first <= at
              ? { kind: 'pre-tool', firstCallAt: first }
              : { kind: 'not-before-failure', firstCallAt: first },
        };
      }),
    };
  });
}
