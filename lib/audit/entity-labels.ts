import type { Tx } from '@/lib/db/prisma';

/**
 * A human name for an audited entity ("Ana Annotator <ana@demo.local>", a token's or category's name, a card's
 * title, "tau2-airline 12 · gpt-4o"), so the audit list says what was changed without opening before/after.
 * Written with each entry (lib/audit/record.ts) so it survives a rename or delete; looked up when listing
 * entries written before the column existed (or by the one raw INSERT, queue.claim). One query per entity
 * type, by primary key, whatever the number of entries.
 */
type Ref = { entityType: string; entityId: string };
type Labeler = (db: Tx, ids: string[]) => Promise<[id: string, label: string][]>;

const taskLabel = (t: { benchmark: string; taskExternalId: string }) =>
  [t.benchmark, t.taskExternalId].filter(Boolean).join(' ');
const checkpointLabel = (c: {
  trajectory: { benchmark: string; taskExternalId: string };
  checkpoint: { name: string };
}) => `${taskLabel(c.trajectory)} · ${c.checkpoint.name}`;
const CHECKPOINT = {
  select: { trajectory: { select: { benchmark: true, taskExternalId: true } }, checkpoint: { select: { name: true } } },
} as const;
/** A diagnosis or adjudication of a checkpoint, or of a run as a whole (no checkpoint result). */
const TARGET = {
  checkpointResult: CHECKPOINT,
  trajectory: { select: { benchmark: true, taskExternalId: true, model: true } },
} as const;
const targetLabel = (d: {
  checkpointResult: Parameters<typeof checkpointLabel>[0] | null;
  trajectory: { benchmark: string; taskExternalId: string; model: string } | null;
}) =>
  d.checkpointResult
    ? checkpointLabel(d.checkpointResult)
    : d.trajectory
      ? `${taskLabel(d.trajectory)} · ${d.trajectory.model} · the run as a whole`
      : '';

const LABELERS: Record<string, Labeler> = {
  User: async (db, ids) =>
    (await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, email: true } })).map((u) => [
      u.id,
      `${u.name} <${u.email}>`,
    ]),
  ApiToken: async (db, ids) =>
    (
      await db.apiToken.findMany({
        where: { id: { in: ids } },
        select: { id: true, name: true, user: { select: { email: true } } },
      })
    ).map((t) => [t.id, `${t.name} (of ${t.user.email})`]),
  FailureCategory: async (db, ids) =>
    (await db.failureCategory.findMany({ where: { id: { in: ids } }, select: { id: true, label: true } })).map((c) => [
      c.id,
      c.label,
    ]),
  Card: async (db, ids) =>
    (await db.card.findMany({ where: { id: { in: ids } }, select: { id: true, title: true } })).map((c) => [
      c.id,
      c.title,
    ]),
  CardVersion: async (db, ids) =>
    (
      await db.cardVersion.findMany({
        where: { id: { in: ids } },
        select: { id: true, number: true, card: { select: { title: true } } },
      })
    ).map((v) => [v.id, `${v.card.title} v${v.number}`]),
  Proposal: async (db, ids) =>
    (
      await db.proposal.findMany({
        where: { id: { in: ids } },
        select: { id: true, operation: true, targetCard: { select: { title: true } }, proposedCard: true },
      })
    ).map((p) => {
      const title = p.targetCard?.title ?? stringField(p.proposedCard, 'title');
      return [p.id, `${p.operation.toLowerCase()}${title ? ` “${title}”` : ''}`];
    }),
  Task: async (db, ids) =>
    (
      await db.task.findMany({ where: { id: { in: ids } }, select: { id: true, benchmark: true, externalId: true } })
    ).map((t) => [t.id, `${t.benchmark} ${t.externalId}`]),
  Trajectory: async (db, ids) =>
    (
      await db.trajectory.findMany({
        where: { id: { in: ids } },
        select: { id: true, benchmark: true, taskExternalId: true, model: true },
      })
    ).map((t) => [t.id, `${taskLabel(t)} · ${t.model}`]),
  Diagnosis: async (db, ids) =>
    (await db.diagnosis.findMany({ where: { id: { in: ids } }, select: { id: true, ...TARGET } })).map((d) => [
      d.id,
      targetLabel(d),
    ]),
  Adjudication: async (db, ids) =>
    (
      await db.adjudication.findMany({
        where: { id: { in: ids } },
        select: { id: true, checkpointResult: CHECKPOINT, runTrajectory: TARGET.trajectory },
      })
    ).map((a) => [a.id, targetLabel({ checkpointResult: a.checkpointResult, trajectory: a.runTrajectory })]),
  ImportJob: async (db, ids) =>
    (await db.importJob.findMany({ where: { id: { in: ids } }, select: { id: true, fileName: true } })).map((j) => [
      j.id,
      j.fileName,
    ]),
  // Older release entries name the release by its name rather than its id.
  BankRelease: async (db, ids) =>
    (
      await db.bankRelease.findMany({
        where: { OR: [{ id: { in: ids } }, { name: { in: ids } }] },
        select: { id: true, name: true },
      })
    ).flatMap((r): [string, string][] => [
      [r.id, r.name],
      [r.name, r.name],
    ]),
  ReflectionRun: async (db, ids) =>
    (
      await db.reflectionRun.findMany({
        where: { id: { in: ids } },
        select: { id: true, kind: true, taskBenchmark: true, taskExternalId: true },
      })
    ).map((r) => [
      r.id,
      [r.kind.toLowerCase().replace(/_/g, ' '), r.taskBenchmark, r.taskExternalId].filter(Boolean).join(' '),
    ]),
  OverlapSetting: async (db, ids) =>
    (
      await db.overlapSetting.findMany({
        where: { id: { in: ids } },
        select: { id: true, benchmark: true, ability: true },
      })
    ).map((o) => [o.id, [o.benchmark, o.ability].filter(Boolean).join(' / ')]),
};

function stringField(value: unknown, field: string): string | undefined {
  const v = value && typeof value === 'object' ? (value as Record<string, unknown>)[field] : undefined;
  return typeof v === 'string' && v.trim() ? v : undefined;
}

const refKey = (r: Ref) => `${r.entityType}:${r.entityId}`;

/** Labels of the given entities that still exist, keyed `Type:id`. */
export async function lookupEntityLabels(db: Tx, refs: Ref[]): Promise<Map<string, string>> {
  const idsByType = new Map<string, Set<string>>();
  for (const r of refs)
    if (LABELERS[r.entityType]) idsByType.set(r.entityType, (idsByType.get(r.entityType) ?? new Set()).add(r.entityId));
  const found = await Promise.all(
    [...idsByType].map(async ([type, ids]) => ({ type, pairs: await LABELERS[type](db, [...ids]) })),
  );
  return new Map(
    found.flatMap(({ type, pairs }) =>
      pairs.map(([id, label]): [string, string] => [refKey({ entityType: type, entityId: id }), label]),
    ),
  );
}

/** An entity gone (or of a type without a lookup) may still be named by what the entry recorded. */
export function labelFromPayload(before: unknown, after: unknown): string | null {
  for (const value of [after, before])
    for (const f of ['email', 'name', 'title', 'label', 'fileName']) {
      const found = stringField(value, f);
      if (found) return found;
    }
  return null;
}

/** Fills in the label of entries that have none, by lookup, then from their before/after. */
export async function withEntityLabels<T extends Ref & { entityLabel: string | null; before: unknown; after: unknown }>(
  db: Tx,
  rows: T[],
): Promise<T[]> {
  const missing = rows.filter((r) => r.entityLabel === null);
  if (!missing.length) return rows;
  const looked = await lookupEntityLabels(db, missing);
  return rows.map((r) =>
    r.entityLabel !== null ? r : { ...r, entityLabel: looked.get(refKey(r)) ?? labelFromPayload(r.before, r.after) },
  );
}
