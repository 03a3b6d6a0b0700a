import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { queryHash, type LabelledQuery } from '@/lib/retrieval/labels-file';

/**
 * Every stored judgement as the labels file (lib/retrieval/labels-file.ts): one
 * entry per query, oldest query first. What eval:retrieval reads, and what
 * the release and retrieval pages export.
 */
export async function exportRetrievalLabels(actor: Actor | null): Promise<LabelledQuery[]> {
  requirePermission(actor, 'retrieval:preview');
  return loadLabelledQueries();
}

/** Without a permission check: for the CLI and the evaluation run by a caller that checked already. */
export async function loadLabelledQueries(): Promise<LabelledQuery[]> {
  const rows = await prisma.retrievalLabel.findMany({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  const byQuery = new Map<string, LabelledQuery & { notRelevant: string[] }>();
  for (const r of rows) {
    let q = byQuery.get(r.queryHash);
    if (!q) {
      q = { task: r.task, ability: r.ability, apps: r.apps, relevant: [], notRelevant: [] };
      byQuery.set(r.queryHash, q);
    }
    (r.relevant ? q.relevant : q.notRelevant).push(r.cardKey);
  }
  return [...byQuery.values()].map((q) => ({ ...q, relevant: q.relevant.sort(), notRelevant: q.notRelevant.sort() }));
}

/** The stored judgements of one query (the preview marks its results with them). */
export async function labelsForQuery(
  actor: Actor | null,
  q: { task: string; ability?: string | null; apps?: string[] },
): Promise<{ cardKey: string; relevant: boolean }[]> {
  requirePermission(actor, 'retrieval:preview');
  return prisma.retrievalLabel.findMany({
    where: { queryHash: queryHash(q) },
    select: { cardKey: true, relevant: true },
    orderBy: { cardKey: 'asc' },
  });
}
