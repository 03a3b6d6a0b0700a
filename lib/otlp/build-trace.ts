import { Prisma } from '@prisma/client';
import type { Tx } from '@/lib/db/prisma';
import type { NativeRecord } from '@/lib/import/native-schema';
import { validateRecord } from '@/lib/import/validate-record';
import { trajectoryHash, writeNativeRecords } from '@/lib/import/write-record';
import type { ReceivedSpan } from './received-span';
import { spansToRecord, trajectoryIdOf } from './spans-to-record';

export type BuildOutcome =
  | { traceId: string; status: 'built'; trajectoryId: string; rebuilt: boolean }
  | { traceId: string; status: 'unchanged'; trajectoryId: string }
  | { traceId: string; status: 'failed'; error: string };

/**
 * (Re)builds traces' trajectories from every span staged for them, through the import path
 * (validateRecord, then one batched writeNativeRecords), inside the caller's transaction. Serialised per
 * trace with advisory locks (taken in id order, so two requests never wait on each other in a circle),
 * so two requests bringing spans of one trace never build it twice. A trace built before is rebuilt when
 * late spans change it, unless someone has diagnosed it already (a diagnosed run never changes under an
 * annotator): then the trace is FAILED with why, and its spans stay.
 */
export async function buildTraces(tx: Tx, traceIds: string[]): Promise<BuildOutcome[]> {
  if (!traceIds.length) return [];
  const ids = [...traceIds].sort();
  await tx.$executeRaw(
    Prisma.sql`SELECT pg_advisory_xact_lock(hashtext('otlp:' || id)) FROM unnest(${ids}::text[]) AS id ORDER BY id`,
  );
  const rows = await tx.otlpSpan.findMany({
    where: { traceId: { in: ids } },
    select: { traceId: true, span: true, seq: true },
  });
  const spansOf = new Map<string, ReceivedSpan[]>();
  for (const r of rows) {
    const list = spansOf.get(r.traceId) ?? [];
    list.push({ ...(r.span as unknown as ReceivedSpan), seq: Number(r.seq) });
    spansOf.set(r.traceId, list);
  }

  const outcomes = new Map<string, BuildOutcome>();
  const fail = (traceId: string, error: string) => outcomes.set(traceId, { traceId, status: 'failed', error });
  const records = new Map<string, NativeRecord>();
  for (const traceId of ids) {
    const checked = validateRecord(spansToRecord(traceId, spansOf.get(traceId) ?? []));
    if (checked.ok) records.set(traceId, checked.record);
    else fail(traceId, checked.issues.map((i) => `${i.path}: ${i.reason}`).join('; '));
  }

  const prior = await tx.trajectory.findMany({
    where: { externalId: { in: [...records.keys()].map(trajectoryIdOf) } },
    select: { id: true, externalId: true, contentHash: true, _count: { select: { diagnoses: true } } },
  });
  const priorOf = new Map(prior.map((p) => [p.externalId, p]));
  const replaced: string[] = [];
  const toWrite: [string, NativeRecord][] = [];
  for (const [traceId, record] of records) {
    const p = priorOf.get(trajectoryIdOf(traceId));
    if (!p) toWrite.push([traceId, record]);
    else if (p.contentHash === trajectoryHash(record))
      outcomes.set(traceId, { traceId, status: 'unchanged', trajectoryId: p.id });
    else if (p._count.diagnoses > 0)
      fail(
        traceId,
        `late spans arrived after trajectory ${p.id} was diagnosed: it is kept as diagnosed and the new spans are stored only`,
      );
    else {
      replaced.push(p.id);
      toWrite.push([traceId, record]);
    }
  }
  if (replaced.length) await tx.trajectory.deleteMany({ where: { id: { in: replaced } } });
  const written = await writeNativeRecords(
    tx,
    toWrite.map(([, r]) => r),
  );
  written.forEach((w, i) => {
    const traceId = toWrite[i][0];
    if (w.status === 'conflict') fail(traceId, `${w.path}: ${w.reason}`);
    else
      outcomes.set(traceId, {
        traceId,
        status: 'built',
        trajectoryId: w.trajectoryId,
        rebuilt: priorOf.has(trajectoryIdOf(traceId)),
      });
  });

  const all = ids.map((id) => outcomes.get(id)!);
  const ok = all.filter((o) => o.status !== 'failed');
  const failed = all.filter((o): o is Extract<BuildOutcome, { status: 'failed' }> => o.status === 'failed');
  if (ok.length)
    await tx.$executeRaw(Prisma.sql`
      UPDATE "OtlpTrace" t SET "status" = 'BUILT', "error" = NULL, "trajectoryId" = u.trajectory_id,
        "builtAt" = CASE WHEN u.changed THEN now() ELSE t."builtAt" END
      FROM unnest(${ok.map((o) => o.traceId)}::text[], ${ok.map((o) => ('trajectoryId' in o ? o.trajectoryId : null))}::text[],
                  ${ok.map((o) => o.status === 'built')}::boolean[]) AS u(trace_id, trajectory_id, changed)
      WHERE t."traceId" = u.trace_id`);
  if (failed.length)
    await tx.$executeRaw(Prisma.sql`
      UPDATE "OtlpTrace" t SET "status" = 'FAILED', "error" = u.error
      FROM unnest(${failed.map((o) => o.traceId)}::text[], ${failed.map((o) => o.error)}::text[]) AS u(trace_id, error)
      WHERE t."traceId" = u.trace_id`);
  return all;
}
