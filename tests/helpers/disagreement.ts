import { prisma } from '@/lib/db/prisma';
import { submitDiagnosis } from '@/lib/diagnosis/save-diagnosis';
import { setOverlap } from '@/lib/queue/overlap';
import { createActor, uid } from './factories';
import { failedRecord, seedRecords } from './failed-trajectories';

/** A checkpoint two annotators diagnosed differently (overlap k = 2): what a reviewer adjudicates. */
export async function disagreement() {
  const { benchmark, checkpoints } = await disagreements(1);
  return { benchmark, ...checkpoints[0] };
}

/** `count` such checkpoints (one per trajectory) in one benchmark of their own, by the same two annotators. */
export async function disagreements(count: number) {
  const benchmark = `adj-${uid()}`;
  const trajectoryIds = await seedRecords(Array.from({ length: count }, () => failedRecord({ benchmark, events: 8 })));
  await setOverlap(await createActor('ADMIN'), { benchmark, k: 2 });
  const [first, second] = await prisma.failureCategory.findMany({ orderBy: { position: 'asc' }, take: 2 });
  const authors = [await createActor('ANNOTATOR'), await createActor('ANNOTATOR')];
  const checkpoints = [];
  for (const trajectoryId of trajectoryIds) {
    const cp = await prisma.checkpointResult.findFirstOrThrow({ where: { trajectoryId, passed: false } });
    for (const [i, author] of authors.entries()) {
      await submitDiagnosis(author, {
        checkpointResultId: cp.id,
        categoryId: [first, second][i].id,
        eventStart: i * 3,
        eventEnd: i * 3 + 1,
        whatWentWrong: `wrong ${i} in ${benchmark}`,
        whatShouldHaveHappened: `rule ${i}`,
      });
    }
    const diagnoses = await prisma.diagnosis.findMany({
      where: { checkpointResultId: cp.id },
      include: { author: true },
      orderBy: { createdAt: 'asc' },
    });
    checkpoints.push({ trajectoryId, checkpointResultId: cp.id, diagnoses });
  }
  return { benchmark, checkpoints };
}
