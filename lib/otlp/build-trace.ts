import { Prisma } from '@prisma/client';
import type { Tx } from '@/lib/db/prisma';
import { validateRecord } from '@/lib/import/validate-record';
import { trajectoryHash, writeNativeRecord } from '@/lib/import/write-record';
import type { ReceivedSpan } from './received-span';
import { spansToRecord, trajectoryIdOf } from './spans-to-record';

export type BuildOutcome =
  | { traceId: string; status: 'built'; trajectoryId: string; rebuilt: boolean }
  | { traceId: string; status: 'unchanged'; trajectoryId: string }
  | { traceId: string; status: 'failed'; error: string };

/**
 * (Re)builds one trace's trajectory from every span staged for it, through the import path
 * (validateRecord, writeNativeRecord), inside the caller's transaction. Serialised per trace with an
 * advisory lock, so two requests bringing spans of one trace never build it twice. A trace built
 * before is rebuilt when late spans change it, unless someone has diagnosed it already (a diagnosed
 * run never changes under an annotator): then the trace is FAILED with why, and its spans stay.
 */
export async function buildTrace(tx: Tx, traceId: string): Promise<BuildOutcome> {
  await tx.$executeRaw(Prisma.sql`SELECT pg_advisory_xact_lock(hashtext(${`otlp:${traceId}`}))`);
  const rows = await tx.otlpSpan.findMany({ where: { traceId }, select: { span: true, seq: true } });
  const spans = rows.map((r) => ({ ...(r.span as unknown as ReceivedSpan), seq: Number(r.seq) }));
  const fail = async (error: string): Promise<BuildOutcome> => {
    await tx.otlpTrace.update({ where: { traceId }, data: { status: 'FAILED', error } });
    return { traceId, status: 'failed', error };
  };
  const checked = validateRecord(spansToRecord(traceId, spans));
  if (!checked.ok) return fail(checked.issues.map((i) => `${i.path}: ${i.reason}`).join('; '));
  const record = checked.record;

  const prior = await tx.trajectory.findUnique({
    where: { externalId: trajectoryIdOf(traceId) },
    select: { id: true, contentHash: true, _count: { select: { diagnoses: true } } },
  });
  let rebuilt = false;
  if (prior) {
    if (prior.contentHash === trajectoryHash(record)) {
      await tx.otlpTrace.update({
        where: { traceId },
        data: { status: 'BUILT', error: null, trajectoryId: prior.id },
      });
      return { traceId, status: 'unchanged', trajectoryId: prior.id };
    }
    if (prior._count.diagnoses > 0)
      return fail(
        `late spans arrived after trajectory ${prior.id} was diagnosed: it is kept as diagnosed and the new spans are stored only`,
      );
    await tx.trajectory.delete({ where: { id: prior.id } });
    rebuilt = true;
  }
  const outcome = await writeNativeRecord(tx, record);
  if (outcome.status === 'conflict') return fail(`${outcome.path}: ${outcome.reason}`);
  await tx.otlpTrace.update({
    where: { traceId },
    data: { status: 'BUILT', error: null, trajectoryId: outcome.trajectoryId, builtAt: new Date() },
  });
  return { traceId, status: 'built', trajectoryId: outcome.trajectoryId, rebuilt };
}
