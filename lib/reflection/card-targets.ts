import { functionCardKey, functionCardSchema, type FunctionCardContent } from '@/lib/cards/card-schemas';
import { prisma } from '@/lib/db/prisma';

/** Current content of the function cards for these tools (the curator's "related function cards"). */
export async function loadFunctionCards(
  tools: string[],
): Promise<{ key: string; cardId: string; currentVersionId: string | null; content: FunctionCardContent }[]> {
  if (tools.length === 0) return [];
  const cards = await prisma.card.findMany({
    where: { kind: 'FUNCTION', status: 'ACTIVE', key: { in: tools.map(functionCardKey) } },
    include: { currentVersion: true },
  });
  return cards.flatMap((c) => {
    const parsed = functionCardSchema.safeParse(c.currentVersion?.content);
    return parsed.success
      ? [{ key: c.key, cardId: c.id, currentVersionId: c.currentVersionId, content: parsed.data }]
      : [];
  });
}
