import type { Prisma } from '@prisma/client';
import { prisma, type Tx } from '@/lib/db/prisma';
import { notFound } from '@/lib/errors';

/**
 * Card routes take an id or a runtime key (`skill::skill_ab12`,
 * `function::mail.search_messages`), URL-encoded or not.
 */
export function cardWhere(idOrKey: string): Prisma.CardWhereInput {
  const ref = safeDecode(idOrKey.trim());
  return ref.includes('::') ? { key: ref } : { OR: [{ id: ref }, { key: ref }] };
}

export async function resolveCardId(idOrKey: string, db: Tx | typeof prisma = prisma): Promise<string> {
  const card = await db.card.findFirst({ where: cardWhere(idOrKey), select: { id: true } });
  if (!card) throw notFound(`Card ${safeDecode(idOrKey)}`);
  return card.id;
}

function safeDecode(s: string): string {
  if (!s.includes('%')) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
