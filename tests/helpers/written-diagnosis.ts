import type { Prisma } from '@prisma/client';
import { prisma } from '@/lib/db/prisma';

/**
 * A diagnosis of one of a run's checkpoint results written directly, not through the annotation flow
 * (the summary triggers still keep the run's counts). Submitted now unless `fields` says otherwise.
 */
export async function writeDiagnosis(opts: {
  trajectoryId: string;
  authorId: string;
  /** Which checkpoint result: the first with this checkpoint key and/or outcome. */
  at?: { key?: string; passed?: boolean };
  /** A failure category by key; null: none; left out: the first category. */
  category?: string | null;
  fields?: Omit<Prisma.DiagnosisUncheckedCreateInput, 'trajectoryId' | 'checkpointResultId' | 'authorId'>;
}) {
  const { key, passed } = opts.at ?? {};
  const result = await prisma.checkpointResult.findFirstOrThrow({
    where: { trajectoryId: opts.trajectoryId, passed, ...(key ? { checkpoint: { key } } : {}) },
  });
  const category =
    opts.category === null
      ? null
      : await prisma.failureCategory.findFirstOrThrow({
          where: opts.category ? { key: opts.category } : {},
          orderBy: { position: 'asc' },
        });
  return prisma.diagnosis.create({
    data: {
      trajectoryId: opts.trajectoryId,
      checkpointResultId: result.id,
      authorId: opts.authorId,
      categoryId: category?.id,
      status: 'SUBMITTED',
      submittedAt: new Date(),
      ...opts.fields,
    },
  });
}
