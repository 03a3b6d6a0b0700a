import { prisma, type Tx } from '@/lib/db/prisma';
import type { RetrievalIndex } from '@/lib/retrieval/retrieval-index';
import { runRetrieval } from '@/lib/retrieval/run-retrieval';
import type { Leak } from './leak-schema';
import { describeLink, findProvenanceLinks } from './provenance-links';

export type LeakTask = {
  id: string;
  externalId: string;
  benchmark: string;
  instruction: string;
  apps: string[];
  ability: string | null;
  k?: number;
};

/**
 * Leakage, rule 4 of docs/architecture.md "Validation": runs the task's own retrieval (the same call an
 * agent runtime makes) and reports every retrieved card whose provenance
 * includes that task, with each path that links them. One provenance query
 * for all tasks.
 */
export async function detectLeaks(
  index: RetrievalIndex,
  tasks: LeakTask[],
  db: Tx | typeof prisma = prisma,
): Promise<Leak[]> {
  const retrieved = new Map<string, { key: string; version: number }>();
  const pairs: { taskId: string; versionId: string }[] = [];
  for (const t of tasks) {
    const run = runRetrieval(index, '', { task: t.instruction, apps: t.apps, ability: t.ability, k: t.k });
    for (const r of [...run.skills, ...run.functions]) {
      retrieved.set(r.card.versionId, { key: r.card.key, version: r.card.versionNumber });
      pairs.push({ taskId: t.id, versionId: r.card.versionId });
    }
  }
  const links = await findProvenanceLinks(pairs, db);
  const byTask = new Map(tasks.map((t) => [t.id, t]));
  const leaks = new Map<string, Leak>();
  for (const l of links) {
    const id = `${l.taskId} ${l.versionId}`;
    let leak = leaks.get(id);
    if (!leak) {
      const t = byTask.get(l.taskId)!;
      const card = retrieved.get(l.versionId)!;
      leak = {
        taskId: t.id,
        taskExternalId: t.externalId,
        benchmark: t.benchmark,
        cardKey: card.key,
        versionId: l.versionId,
        version: card.version,
        paths: [],
      };
      leaks.set(id, leak);
    }
    leak.paths.push({
      via: l.via,
      versionNumber: l.viaVersionNumber,
      proposalId: l.proposalId,
      runId: l.runId,
      trajectoryId: l.trajectoryId,
      diagnosisId: l.diagnosisId,
      text: describeLink(l),
    });
  }
  return [...leaks.values()];
}

/** Every task marked held-out, in a stable order. */
export async function heldOutTasks(db: Tx | typeof prisma = prisma): Promise<LeakTask[]> {
  return db.task.findMany({
    where: { split: 'HELDOUT' },
    select: { id: true, externalId: true, benchmark: true, instruction: true, apps: true, ability: true },
    orderBy: [{ benchmark: 'asc' }, { externalId: 'asc' }],
  });
}
