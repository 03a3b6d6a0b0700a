import { prisma } from '@/lib/db/prisma';
import { submitDiagnosis } from '@/lib/diagnosis/save-diagnosis';
import { setOverlap } from '@/lib/queue/overlap';
import { createActor, uid } from './factories';
import { failedRecord, seedRecords } from './failed-trajectories';

/** A checkpoint two annotators diagnosed differently (overlap k = 2): what a reviewer adjudicates. */
export async function disagreement() {
  const benchmark = `adj-${uid()}`;
  const [trajectoryId] = await seedRecords([failedRecord({ benchmark, events: 8 })]);
  await setOverlap(await createActor('ADMIN'), { benchmark, k: 2 });
  const [first, second] = await prisma.failureCategory.findMany({ orderBy: { position: 'asc' }, take: 2 });
  const cp = await prisma.checkpointResult.findFirstOrThrow({ where: { trajectoryId, passed: false } });
  const authors = [await createActor('ANNOTATOR'), await createActor('ANNOTATOR')];
  for (const [i, author] of authors.entries()) {
    await submitDiagnosis(author, { checkpointResultId: cp.id, categoryId: [first, second][i].id, eventStart: i * 3, eventEnd: i * 3 + 1, whatWentWrong: `wrong ${i} in ${benchmark}`, whatShouldHaveHappened: `rule ${i}` });
  }
  const diagnoses = await prisma.diagnosis.findMany({ where: { checkpointResultId: cp.id }, include: { author: true }, orderBy: { createdAt: 'asc' } });
  return { benchmark, checkpointResultId: cp.id, diagnoses };
}
