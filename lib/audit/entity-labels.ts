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

/** A labeler of one table read by primary key: `find` reads the rows `where` matches, `label` names each. */
const byId =
  <R extends { id: string }>(
    find: (db: Tx, where: { id: { in: string[] } }) => Promise<R[]>,
    label: (row: R) => string,
  ): Labeler =>
  async (db, ids) =>
    (await find(db, { id: { in: ids } })).map((r) => [r.id, label(r)]);

const LABELERS: Record<string, Labeler> = {
  User: byId(
    (db, where) => db.user.findMany({ where, select: { id: true, name: true, email: true } }),
    (u) => `${u.name} <${u.email}>`,
  ),
  ApiToken: byId(
    (db, where) => db.apiToken.findMany({ where, select: { id: true, name: true, user: { select: { email: true } } } }),
    (t) => `${t.name} (of ${t.user.email})`,
  ),
  FailureCategory: byId(
    (db, where) => db.failureCategory.findMany({ where, select: { id: true, label: true } }),
    (c) => c.label,
  ),
  Card: byId(
    (db, where) => db.card.findMany({ where, select: { id: true, title: true } }),
    (c) => c.title,
  ),
  CardVersion: byId(
    (db, where) =>
      db.cardVersion.findMany({ where, select: { id: true, number: true, card: { select: { title: true } } } }),
    (v) => `${v.card.title} v${v.number}`,
  ),
  Proposal: byId(
    (db, where) =>
      db.proposal.findMany({
        where,
        select: { id: true, operation: true, targetCard: { select: { title: true } }, proposedCard: true },
      }),
    (p) => {
      const title = p.targetCard?.title ?? stringField(p.proposedCard, 'title');
      return `${p.operation.toLowerCase()}${title ? ` “${title}”` : ''}`;
    },
  ),
  Task: byId(
    (db, where) => db.task.findMany({ where, select: { id: true, benchmark: true, externalId: true } }),
    (t) => `${t.benchmark} ${t.externalId}`,
  ),
  Trajectory: byId(
    (db, where) =>
      db.trajectory.findMany({ where, select: { id: true, benchmark: true, taskExternalId: true, model: true } }),
    (t) => `${taskLabel(t)} · ${t.model}`,
  ),
  Diagnosis: byId(
    (db, where) => db.diagnosis.findMany({ where, select: { id: true, ...TARGET } }),
    (d) => targetLabel(d),
  ),
  Adjudication: byId(
    (db, where) =>
      db.adjudication.findMany({
        where,
        select: { id: true, checkpointResult: CHECKPOINT, runTrajectory: TARGET.trajectory },
      }),
    (a) => targetLabel({ checkpointResult: a.checkpointResult, trajectory: a.runTrajectory }),
  ),
  ImportJob: byId(
    (db, where) => db.importJob.findMany({ where, select: { id: true, fileName: true } }),
    (j) => j.fileName,
  ),
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
  ReflectionRun: byId(
    (db, where) =>
      db.reflectionRun.findMany({ where, select: { id: true, kind: true, taskBenchmark: true, taskExternalId: true } }),
    (r) => [r.kind.toLowerCase().replace(/_/g, ' '), r.taskBenchmark, r.taskExternalId].filter(Boolean).join(' '),
  ),
  OverlapSetting: byId(
    (db, where) => db.overlapSetting.findMany({ where, select: { id: true, benchmark: true, ability: true } }),
    (o) => [o.benchmark, o.ability].filter(Boolean).join(' / '),
  ),
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
