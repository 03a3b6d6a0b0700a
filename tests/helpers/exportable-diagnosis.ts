import { failedRecord, seedRecords } from './failed-trajectories';
import { submitDiagnoses } from './reflection-fixtures';

/**
 * One row for a diagnoses export of `benchmark`: a failed run of task `taskId` whose first failed checkpoint
 * has one submitted diagnosis by `authorId`, citing event 1 only (its evidence is one line of the CSV).
 */
export async function seedExportableDiagnosis(
  benchmark: string,
  taskId: string,
  authorId: string,
  text: { wrong: string; should: string },
): Promise<string> {
  const [trajectoryId] = await seedRecords([failedRecord({ benchmark, taskId })]);
  await submitDiagnoses(trajectoryId, { authorId, ...text, onlyFirst: true, events: { start: 1, end: 1 } });
  return trajectoryId;
}
